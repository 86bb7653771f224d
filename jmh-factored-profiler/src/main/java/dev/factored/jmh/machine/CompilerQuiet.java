package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Waits, before a measured iteration, until the JIT compilers have stopped running. Code that runs once per
 * iteration (JMH's and the profiler's own at the boundary) reaches the compilers' thresholds late, and the compile it
 * starts runs on in the background into the iteration that follows: on a fork without spare CPUs on the measured
 * CPUs, beside the program, and everywhere as the safepoints that install and deoptimise code. The compilers' threads
 * are told by their names ({@link JvmThreads}) and their time read from the scheduler's own account
 * ({@code /proc/self/task/<tid>/schedstat}, nanoseconds), so a compile still running is seen, not only one finished.
 */
public final class CompilerQuiet {

    /** How long the compilers are watched in one look. */
    static final long LOOK_NANOS = 1_000_000;
    /** Less than this in one look is quiet: the compilers' own polling of their queue, not a compile. */
    static final long IDLE_NANOS = 20_000;

    private final CompilerThreads compilers;
    /** The compilers' time so far, ns; -1 when it cannot be read. */
    private final LongSupplier compilerTime;

    /** The compilers of the threads listed in {@code tasks} ({@code /proc/self/task} and its layout). */
    public CompilerQuiet(Path tasks) {
        this.compilers = new CompilerThreads(tasks);
        this.compilerTime = this::compilerNanos;
    }

    /** Compilers whose time, ns, {@code compilerTime} reads (-1: cannot be read). */
    CompilerQuiet(LongSupplier compilerTime) {
        this.compilers = null;
        this.compilerTime = compilerTime;
    }

    /**
     * How a wait ended.
     *
     * @param waitedNanos the time waited, from the first look to the last
     * @param busyNanos   what the compilers ran in that time, summed over their threads
     * @param quiet       whether they were found quiet; false when the limit came first
     */
    public record Wait(long waitedNanos, long busyNanos, boolean quiet) {

        /** For the verbose log. */
        public String words() {
            return String.format(Locale.ROOT, "compilers %s after %.1f ms (they ran %.1f ms)",
                    quiet ? "quiet" : "still busy", waitedNanos / 1e6, busyNanos / 1e6);
        }
    }

    /** The longest wait before one iteration, whatever its time. */
    static final long MAX_WAIT_NANOS = 1_000_000_000L;

    /**
     * Waits before an iteration of {@code iterationNanos} for at most half of it (and {@link #MAX_WAIT_NANOS}): a fork
     * whose compilers never rest (code that keeps deoptimising) at most doubles its wall time, and its iterations then
     * show the compiling in {@code factored.jit}.
     */
    public Wait awaitBefore(long iterationNanos) {
        return await(Math.min(MAX_WAIT_NANOS, iterationNanos / 2));
    }

    /**
     * Looks at the compilers for {@link #LOOK_NANOS} at a time until one look finds them idle, or the limit is
     * reached; null when their time cannot be read (not Linux, or no compiler thread).
     */
    public Wait await(long limitNanos) {
        long start = System.nanoTime();
        long before = compilerTime.getAsLong();
        if (before < 0) {
            return null;
        }
        long first = before;
        while (true) {
            LockSupport.parkNanos(LOOK_NANOS);
            long now = compilerTime.getAsLong();
            if (now < 0) {
                return null;
            }
            long waited = System.nanoTime() - start;
            if (now - before < IDLE_NANOS || waited >= limitNanos) {
                return new Wait(waited, Math.max(0, now - first), now - before < IDLE_NANOS);
            }
            before = now;
        }
    }

    /** The compilers' time so far, summed over the threads alive now; -1 when it cannot be read. */
    private long compilerNanos() {
        long sum = 0;
        boolean any = false;
        try {
            for (Path task : compilers.now()) {
                long ran = ranNanos(task);
                if (ran >= 0) {
                    sum += ran;
                    any = true;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return any ? sum : -1;
    }

    /** The time the thread ran, ns, as the machine's reading parses {@code schedstat}; -1 when it has ended. */
    private static long ranNanos(Path task) {
        try {
            return Interference.parseSchedstat(Files.readString(task.resolve("schedstat")))[0];
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }
}
