package dev.factored.jmh.e2e;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The collector's cost on the instrumented pool, which (unlike {@link CollectorBenchmark}'s unmodified code) can run
 * its configurations in turn inside one fork, as a run does by default (issue 43.1). Tasks box {@value #BOXES} values
 * into lists that their joins concatenate, and the root sums the list: the boxes stay reachable through the operation,
 * so every young collection copies them, in a heap kept small ({@code -Xmx192m}) so that collections come often. The
 * baseline is the same sum over primitive longs and allocates nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(jvmArgsAppend = {"-Xms192m", "-Xmx192m"})
public class BoxedTasksBenchmark {

    static final int BOXES = 2_000_000;
    /** Values a task boxes itself rather than splitting: 40 leaves, plenty for two workers. */
    static final int LEAF = 50_000;

    @Benchmark
    public long keptBoxes(Cores cores) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> {
                long sum = 0;
                for (long i = 0; i < BOXES; i++) {
                    sum += i;
                }
                return sum;
            });
        }
        return cores.invoke(new Sum());
    }

    /** The root: the boxes of the whole range, summed. */
    static final class Sum extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Long compute() {
            long sum = 0;
            for (Long box : new Boxes(0, BOXES).compute()) {
                sum += box;
            }
            return sum;
        }
    }

    /** The values from {@code from} to {@code to}, boxed, in order. */
    static final class Boxes extends FactoredTask<List<Long>> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;

        Boxes(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Long> compute() {
            if (to - from <= LEAF) {
                List<Long> boxes = new ArrayList<>(to - from);
                for (long i = from; i < to; i++) {
                    boxes.add(i);
                }
                return boxes;
            }
            int middle = (from + to) >>> 1;
            return forkJoin(new Boxes(from, middle), new Boxes(middle, to), (left, right) -> {
                left.addAll(right);
                return left;
            });
        }
    }
}
