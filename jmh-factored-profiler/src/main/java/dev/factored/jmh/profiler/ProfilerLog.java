package dev.factored.jmh.profiler;

/** How the profiler's lines start, in the host and in the forks ({@code FactoredProfiler.LOG_PREFIX} is this). */
public final class ProfilerLog {

    /** The prefix of every line the profiler prints. */
    public static final String PREFIX = "[factored] ";

    private ProfilerLog() {
    }
}
