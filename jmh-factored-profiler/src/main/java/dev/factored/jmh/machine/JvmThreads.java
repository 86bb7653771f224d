package dev.factored.jmh.machine;

import java.util.List;

/**
 * The JVM's own threads, told by their native names ({@code comm}: 15 characters at most, so matched by prefix).
 * They are not the program: the JIT compilers, the collector, the service and reference threads, and the JDK's
 * helper that reaps child processes (the profiler's own {@code taskset} calls start it).
 */
final class JvmThreads {

    private JvmThreads() {
    }

    private static final List<String> PREFIXES = List.of("GC Thread", "G1 ", "VM Thread", "VM Periodic",
            "Reference Handl", "Finalizer", "Signal Dispatch", "Service Thread", "Monitor Deflati", "C1 Compiler",
            "C2 Compiler", "JVMCI", "Sweeper thread", "Common-Cleaner", "Notification Th", "Attach Listener",
            "ParGC Thread", "ZDriver", "ZDirector", "ZStat", "ZUnmap", "ZUncommit", "ZWorker", "ZRuntime", "ZRelocat",
            "Shenandoah", "Shen", "JFR ", "VM JFR", "process reaper");

    /**
     * The parallel collector's stop-the-world workers (G1's and Parallel's {@code GC Thread#N}): they run only while
     * the program is stopped at a safepoint, so they may use the measured CPUs too; moved to the spare CPUs alone, a
     * pause of P workers would take P/spare times as long, which the program would wait through.
     */
    private static final List<String> PAUSE_WORKERS = List.of("GC Thread", "ParGC Thread");

    /**
     * The profiler's own thread, its thread-state sampler ({@code factored-thread-states}, cut to 15 characters): not
     * the program either. Only it: the pools' workers are named {@code factored-pool-…} and {@code factored-plain-…}.
     */
    private static final String PROFILER_PREFIX = "factored-thread";

    /**
     * The launcher's threads keep the name of the binary: the primordial thread and the main thread, which in a JMH fork
     * is the harness (it times the iterations and runs the profiler's reads between them). Woken on the measured CPU it
     * would wait behind the spinning benchmark thread and take its turn from it.
     */
    private static final String LAUNCHER = "java";

    /** Whether a native thread name is one of the JVM's own threads. */
    static boolean isJvmThread(String comm) {
        return PREFIXES.stream().anyMatch(comm::startsWith);
    }

    private static final List<String> COMPILERS = List.of("C1 Compiler", "C2 Compiler", "JVMCI");

    /** Whether a native thread name is one of the JIT compilers' threads. */
    static boolean isCompiler(String comm) {
        return COMPILERS.stream().anyMatch(comm::startsWith);
    }

    /**
     * Where a thread belongs when the fork has spare CPUs: the JVM's and the profiler's threads on the spare ones, a
     * pause worker on both, the program's threads (everything else: the benchmark's, JMH's, the pools', the user's)
     * on the measured ones.
     */
    static Place place(String comm) {
        if (onlyWhileStopped(comm)) {
            return Place.ANY;
        }
        return isJvmThread(comm) || comm.startsWith(PROFILER_PREFIX) || comm.equals(LAUNCHER) ? Place.SPARE
                : Place.MEASURED;
    }

    /**
     * Where a thread runs: by its name when the JVM's own threads are kept apart; otherwise every thread may run on
     * the measured CPUs (a JVM thread there takes their time from the program), and a pause worker only while the
     * program is stopped.
     */
    static Place place(String comm, boolean jvmApart) {
        Place byName = place(comm);
        return jvmApart || byName == Place.ANY ? byName : Place.MEASURED;
    }

    /** The CPUs a thread is given. */
    enum Place {
        MEASURED, SPARE, ANY
    }

    /** Whether the thread works only while the program is stopped (a parallel collector's pause worker). */
    static boolean onlyWhileStopped(String comm) {
        return PAUSE_WORKERS.stream().anyMatch(comm::startsWith);
    }
}
