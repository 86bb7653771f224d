package dev.factored.jmh;

import static dev.factored.jmh.FactoredProfiler.LOG_PREFIX;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.profiler.ProfilerHost;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A JVM the factored profiler did not start: plain JMH ({@code java -jar benchmarks.jar} without
 * {@code -prof dev.factored.jmh.FactoredProfiler}) or {@code -f 0}. Adopted code must run there as it did before
 * the change ({@link Cores#forkJoinPool()} is {@code new ForkJoinPool()}, {@link Cores#call} runs its operation
 * directly). When a {@code cores} configuration was given ({@code -p cores=4}), one line per JVM says that nothing
 * is measured and why, so that nobody reads the times as factored ones; without one ({@value Cores#AS_WRITTEN}) the
 * run is the plain one the benchmark had before, and nothing is said ({@link AsWritten}).
 */
final class Unprofiled {

    private static final AtomicBoolean SAID = new AtomicBoolean();

    private Unprofiled() {
    }

    /** Whether the profiler's host started this JVM: it hands every fork its cores value. */
    static boolean profiled() {
        return System.getProperty(CoresValue.PROPERTY) != null;
    }

    /**
     * Set by the profiler's host on every fork it starts ({@link ProfilerHost#HOST_PROPERTY}). A fork that has it but no
     * cores value runs a benchmark without a {@code cores} param: the host has said so on its own line, and the reasons
     * {@link #line()} gives are false.
     */
    static final String HOST_PROPERTY = ProfilerHost.HOST_PROPERTY;

    /** Prints {@link #line()} on standard output, the first time in this JVM only (the Cores state calls it). */
    static void say() {
        say(System.out);
    }

    static void say(PrintStream out) {
        if (System.getProperty(HOST_PROPERTY) != null) {
            return;
        }
        if (SAID.compareAndSet(false, true)) {
            out.println(line());
        }
    }

    static String line() {
        return LOG_PREFIX + "nothing is measured in this JVM: the factored profiler did not start it (no -prof "
                + "dev.factored.jmh.FactoredProfiler, or -f 0), so Cores.forkJoinPool() is new ForkJoinPool() ("
                + Runtime.getRuntime().availableProcessors() + " workers, the JVM's default) and cores.call(...) runs "
                + "its operation directly, whatever the cores value (without -p cores the benchmark runs as written, and "
                + "nothing is said)";
    }
}
