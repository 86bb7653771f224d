package dev.factored.jmh.e2e;

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
 * One parallel stream (eight elements spinning 250 µs each, 2 ms of work), adopted the no-rewrite way, three times:
 * alone, with a {@code Level.Invocation} setup that sleeps 10 ms, and with a {@code Level.Invocation} teardown that
 * calls {@code System.gc()}. JMH times none of the setups and teardowns, so the three operations are one and the same,
 * and so must be their estimated idle time and their collection time per operation (issue 34.3), at the baseline (the
 * same spins in a plain loop) too.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class InvocationLevelBenchmark {

    static final int ELEMENTS = 8;
    static final long ELEMENT_MICROS = 250;

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

    /** The baseline is the same loop without the stream: no pool times its operations' ends. */
    private static long run(Cores cores) {
        if (cores.isBaseline()) {
            long reads = 0;
            for (int i = 0; i < ELEMENTS; i++) {
                reads += SpinHalvesBenchmark.spinFor(ELEMENT_MICROS);
            }
            return reads;
        }
        return cores.call(InvocationLevelBenchmark::stream);
    }

    static long stream() {
        LongAdder reads = new LongAdder();
        IntStream.range(0, ELEMENTS).parallel().forEach(i -> reads.add(SpinHalvesBenchmark.spinFor(ELEMENT_MICROS)));
        return reads.sum();
    }
}
