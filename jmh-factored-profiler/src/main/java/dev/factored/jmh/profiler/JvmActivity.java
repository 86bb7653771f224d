package dev.factored.jmh.profiler;

import dev.factored.forkjoin.accounting.GcPauses;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ForkJoinPool;

/**
 * What the JVM itself did to the program in an iteration: the time its stop-the-world collections took, the spare
 * threads the common pool started to replace blocked workers, and the time its JIT compilers spent compiling. Read at
 * iteration boundaries only, never during an operation.
 */
final class JvmActivity {

    private JvmActivity() {
    }

    /** The JIT compilers' bean; null when the JVM has no compiler or does not time it. */
    private static final CompilationMXBean COMPILER = compiler();

    private static CompilationMXBean compiler() {
        CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        return bean != null && bean.isCompilationTimeMonitoringSupported() ? bean : null;
    }

    /**
     * The counters now; {@code compileMillis} is -1 when the JVM does not time its compilers; {@code collectors}
     * tells the pauses a {@code System.gc()} caused from the others.
     */
    record Reading(long gcMillis, int spares, long compileMillis, GcPauses.Snapshot collectors) {
    }

    static Reading read() {
        return new Reading(GcPauses.millis(), spares(), COMPILER == null ? -1 : COMPILER.getTotalCompilationTime(),
                GcPauses.snapshot());
    }

    /** Threads of the common pool beyond its parallelism: spares started by compensation and not yet retired. */
    private static int spares() {
        ForkJoinPool common = ForkJoinPool.commonPool();
        return Math.max(0, common.getPoolSize() - ForkJoinPool.getCommonPoolParallelism());
    }

    /**
     * Pause time in the iteration, ns, the spares at its end, and the time the JIT compilers spent compiling in it, ns,
     * summed over their threads (-1 when not timed): the JVM's own measure, in ms; and of the pause time, the part a
     * {@code System.gc()} caused, ns (-1 when not known), never more than the pause time.
     */
    record Delta(long gcNanos, int spares, long compileNanos, long explicitGcNanos) {

        Delta(long gcNanos, int spares, long compileNanos) {
            this(gcNanos, spares, compileNanos, -1);
        }
    }

    static Delta between(Reading start, Reading end) {
        long compile = start.compileMillis() < 0 || end.compileMillis() < 0 ? -1
                : Math.max(0, end.compileMillis() - start.compileMillis()) * 1_000_000L;
        long gc = Math.max(0, end.gcMillis() - start.gcMillis()) * 1_000_000L;
        long explicitMillis = end.collectors().explicitMillisSince(start.collectors());
        long explicit = explicitMillis < 0 ? -1 : Math.min(gc, explicitMillis * 1_000_000L);
        return new Delta(gc, end.spares(), compile, explicit);
    }
}
