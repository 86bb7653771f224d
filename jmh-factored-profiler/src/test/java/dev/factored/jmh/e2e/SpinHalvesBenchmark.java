package dev.factored.jmh.e2e;

import dev.factored.forkjoin.FactoredTask;
import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The known answer for one-CPU times: {@code left + right} units of 1 ms of busy waiting on {@link System#nanoTime()},
 * split into two tasks. Its sequential time (baseline, elision, one worker) is the total on any machine, and on two
 * workers the longer half: 2 ms for 2:2, 3 ms for 3:1. Nothing in it depends on the JIT beyond the first
 * iterations, so a one-CPU time that reads more is what else ran on that CPU.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SpinHalvesBenchmark {

    static final long UNIT_MICROS = 1000;

    /** The two halves in units of 1 ms, e.g. {@code 2:2} or {@code 3:1}. */
    @Param({"2:2"})
    public String split;

    @Benchmark
    public long spin(Cores cores) {
        int colon = split.indexOf(':');
        long left = Long.parseLong(split.substring(0, colon)) * UNIT_MICROS;
        long right = Long.parseLong(split.substring(colon + 1)) * UNIT_MICROS;
        if (cores.isBaseline()) {
            return spinFor(left + right);
        }
        return cores.invoke(new Halves(left, right));
    }

    /** Busy waits for {@code micros}; returns the clock reads, so the loop cannot be removed. */
    static long spinFor(long micros) {
        long end = System.nanoTime() + micros * 1000L;
        long reads = 0;
        while (System.nanoTime() < end) {
            reads++;
        }
        return reads;
    }

    static final class Halves extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long left;
        private final long right;

        Halves(long left, long right) {
            this.left = left;
            this.right = right;
        }

        @Override
        protected Long compute() {
            return forkJoin(new Spin(left), new Spin(right), Long::sum);
        }
    }

    static final class Spin extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long micros;

        Spin(long micros) {
            this.micros = micros;
        }

        @Override
        protected Long compute() {
            return spinFor(micros);
        }
    }
}
