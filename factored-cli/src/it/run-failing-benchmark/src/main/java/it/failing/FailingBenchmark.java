package it.failing;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import org.openjdk.jmh.annotations.Benchmark;

/** Works on 1 worker, throws on 2: factored run must report, check and name cores=2, then exit 4. */
public class FailingBenchmark {

    @Benchmark
    public int work(Cores cores) {
        if (cores.pool().workers() == 2) {
            throw new IllegalStateException("deliberate failure on 2 workers");
        }
        return cores.invoke(new FactoredTask<Integer>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Integer compute() {
                return 42;
            }
        });
    }
}
