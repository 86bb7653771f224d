package dev.factored.jmh.e2e;

import dev.factored.forkjoin.Spin;
import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One operation of known work, adopted the no-rewrite way: the caller spins {@value #SERIAL_MICROS} µs of CPU time
 * alone, then a parallel stream spins {@value #ELEMENTS} elements of {@value #ELEMENT_MICROS} µs each (all of it CPU
 * time, so a thread descheduled by a neighbour finishes late, not early: the work is {@link #WORK_MICROS} µs whatever
 * the machine does). On two CPUs one of them waits through the serial part, so the operation's idle time is
 * 2·T<sub>2</sub> − work, of which {@value #SERIAL_MICROS} µs are built in. Four times: alone; with a
 * {@code Level.Invocation} setup that sleeps 10 ms; with a {@code Level.Invocation} teardown that calls
 * {@code System.gc()}; with a {@code Level.Invocation} setup that runs a parallel stream of its own on the same
 * common pool (as a setup that fills its input with {@code Arrays.parallelSetAll} does). JMH times none of the
 * setups and teardowns, so none of their time, their collections or their workers' CPU time may be the
 * operation's (issue 34.3). The baseline is the same spins in a plain loop.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class InvocationLevelBenchmark {

    static final int ELEMENTS = 8;
    static final long ELEMENT_MICROS = 500;
    static final long SERIAL_MICROS = 2_000;
    /** The CPU time an operation's spins take, µs. */
    static final long WORK_MICROS = SERIAL_MICROS + ELEMENTS * ELEMENT_MICROS;

    /** A setup before every call that sleeps, as a benchmark that waits for a file or a socket would. */
    @State(Scope.Thread)
    public static class SleepingSetup {
        @Setup(Level.Invocation)
        public void sleep() throws InterruptedException {
            Thread.sleep(10);
        }
    }

    /** A teardown after every call that collects, as benchmarks that want a clean heap do. */
    @State(Scope.Thread)
    public static class CollectingTeardown {
        @TearDown(Level.Invocation)
        public void collect() {
            System.gc();
        }
    }

    /** A setup before every call whose own parallel stream keeps the common pool's workers busy, untimed. */
    @State(Scope.Thread)
    public static class ParallelSetup {
        long filled;

        @Setup(Level.Invocation)
        public void fill() {
            filled = parallelSpins();
        }
    }

    @Benchmark
    public long alone(Cores cores) {
        return run(cores);
    }

    @Benchmark
    public long sleepingSetup(Cores cores, SleepingSetup setup) {
        return run(cores);
    }

    @Benchmark
    public long collectingTeardown(Cores cores, CollectingTeardown teardown) {
        return run(cores);
    }

    @Benchmark
    public long parallelSetup(Cores cores, ParallelSetup setup) {
        return run(cores) + setup.filled;
    }

    /** The baseline is the same spins in a plain loop: no pool times its operations' ends. */
    private static long run(Cores cores) {
        if (cores.isBaseline()) {
            long spent = Spin.spinCpu(SERIAL_MICROS * 1000L);
            for (int i = 0; i < ELEMENTS; i++) {
                spent += Spin.spinCpu(ELEMENT_MICROS * 1000L);
            }
            return spent;
        }
        return cores.call(() -> Spin.spinCpu(SERIAL_MICROS * 1000L) + parallelSpins());
    }

    static long parallelSpins() {
        LongAdder spent = new LongAdder();
        IntStream.range(0, ELEMENTS).parallel().forEach(i -> spent.add(Spin.spinCpu(ELEMENT_MICROS * 1000L)));
        return spent.sum();
    }
}
