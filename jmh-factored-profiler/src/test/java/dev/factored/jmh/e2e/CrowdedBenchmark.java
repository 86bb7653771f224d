package dev.factored.jmh.e2e;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.forkjoin.Spin;
import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The known answer for the program's own waiting: P + 1 busy threads of the program on P workers' CPUs. An operation
 * is {@value #HALF_MICROS} + {@value #HALF_MICROS} µs of CPU time in two tasks on the instrumented pool (a fixed amount
 * of work: a thread kept off its CPU finishes late, not early); at the configuration {@link #crowdedAt} names, one
 * more thread of the program spins beside the workers for the whole trial, so the P workers share their P CPUs with it
 * and wait for a CPU behind it: the program's own waiting, whatever the machine does. Every other configuration of the
 * family runs uncrowded, so its reference times are the work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CrowdedBenchmark {

    static final long HALF_MICROS = 2_000;

    /** The configuration ({@code cores}) whose fork runs the extra busy thread. */
    @Param({"1"})
    public String crowdedAt;

    private volatile boolean crowding;
    private Thread crowd;

    /** Starts the extra busy thread: it inherits the benchmark thread's CPUs, the measured ones. */
    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
        if (!crowdedAt.equals(params.getParam("cores"))) {
            return;
        }
        crowding = true;
        crowd = new Thread(() -> {
            while (crowding) {
                Spin.spinCpu(1_000_000L);
            }
        }, "crowd");
        crowd.setDaemon(true);
        crowd.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        crowding = false;
        if (crowd != null) {
            crowd.join();
        }
    }

    @Benchmark
    public long spin(Cores cores) {
        if (cores.isBaseline()) {
            return Spin.spinCpu(2 * HALF_MICROS * 1000L);
        }
        return cores.invoke(new Halves());
    }

    static final class Halves extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Long compute() {
            return forkJoin(new Half(), new Half(), Long::sum);
        }
    }

    static final class Half extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Long compute() {
            return Spin.spinCpu(HALF_MICROS * 1000L);
        }
    }
}
