package dev.factored.jmh;

import static dev.factored.jmh.FactoredProfiler.LOG_PREFIX;

import dev.factored.contract.CoresValue;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@code cores} value {@value Cores#AS_WRITTEN}, the {@link Cores} state's one default: what JMH runs when no
 * {@code -p cores} gives the configurations, as a plain {@code java -jar benchmarks.jar} does. There an adopted
 * benchmark runs as it did before it was adopted, once per combination of its own params, and the tool says nothing
 * (issue 33: with the configurations as the default, a CI job's plain run took seven forks per benchmark, one of them
 * the sequential branch, and each printed a line of the tool). The benchmark's own code runs: its own pool or the
 * common pool, unpinned; {@link Cores#invoke} on a pool of the JVM's default parallelism, as {@code new ForkJoinPool()}
 * has. Nothing is measured, and it is no configuration ({@link CoresValue} refuses it): {@code factored run} and the
 * Maven goal always give {@code -p cores=…}.
 */
final class AsWritten {

    private static final AtomicBoolean SAID = new AtomicBoolean();

    private AsWritten() {
    }

    /** Whether {@code cores} is {@value Cores#AS_WRITTEN}, blanks and letter case aside as for every cores value. */
    static boolean is(String cores) {
        return cores != null && cores.strip().equalsIgnoreCase(Cores.AS_WRITTEN);
    }

    /**
     * What {@link Cores#configuration()} answers: the parallel code on as many workers as {@code new ForkJoinPool()}
     * has, so that code asking for it (a pool size, {@code cpus()}) runs as it would on this JVM.
     */
    static CoresValue configuration() {
        return CoresValue.workers(Runtime.getRuntime().availableProcessors());
    }

    /**
     * Under the profiler (it started this JVM), says once that a run with the profiler but without {@code -p cores}
     * gives the analysis nothing. Without the profiler, nothing: the run is the plain one the benchmark had before it
     * was adopted.
     */
    static void sayUnderProfiler(PrintStream out) {
        if (System.getProperty(Unprofiled.HOST_PROPERTY) != null && SAID.compareAndSet(false, true)) {
            out.println(line());
        }
    }

    static String line() {
        return LOG_PREFIX + "cores=" + Cores.AS_WRITTEN + " (the Cores state's default: no -p cores was given) runs "
                + "the benchmark as written, unpinned, which is no configuration the analysis can use; give the "
                + "configurations, e.g. -p cores=baseline,elision,span,1,2 (java -jar factored-cli.jar topology prints "
                + "this machine's), or run it with factored run or the Maven goal, which always give them";
    }
}
