package dev.factored.jmh.profiler;

import static dev.factored.jmh.profiler.ProfilerLog.PREFIX;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.machine.CompilerPriority;
import dev.factored.jmh.machine.CompilerQuiet;
import dev.factored.jmh.machine.ThreadPinning;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where a fork's threads run, kept at every iteration boundary ({@link ThreadPinning}): the program's on the measured
 * CPUs, the JVM's own on the spare ones the host gave the fork. Compiler threads come and go, and the first boundary's
 * warm-up iteration runs before JMH's benchmark threads exist, so every boundary places them again. A turn's fork
 * ({@code cores=1+2}) places them for the member of the iteration that begins, as that member's fork would.
 *
 * <p>A fork whose threads cannot be placed runs on its measured and its spare CPUs, more than its configuration's: it
 * then counts as not pinned ({@link #unplaced}), said once.
 */
final class ForkThreads {

    private final boolean verbose;
    private final PrintStream out;
    private final Consumer<String> warn;
    private ThreadPinning pinning;
    /** A turn's placements by the member's CPUs, made on the member's first iteration. */
    private final Map<Integer, ThreadPinning> byMember = new HashMap<>();
    private boolean opened;
    private boolean unplaced;

    ForkThreads(boolean verbose, PrintStream out, Consumer<String> warn) {
        this.verbose = verbose;
        this.out = out;
        this.warn = warn;
    }

    /** The placement in force; null when the JVM's threads share the measured CPUs (no spare CPU, or unplaced). */
    ThreadPinning pinning() {
        return pinning;
    }

    /** Whether the threads could not be placed: the fork is not pinned to its configuration's CPUs. */
    boolean unplaced() {
        return unplaced;
    }

    /**
     * Places every thread; returns true when the placement has just been given up, so that what was opened for
     * threads apart (the machine's counters) is opened again for threads together.
     *
     * @param member the member of a turn's fork whose iteration begins ({@link ThreadPinning#ofTurnMember}: each
     *               has its own placement), or null in a fork of one configuration
     */
    boolean place(String benchmark, CoresValue member) {
        if (!opened || member != null && !unplaced) {
            opened = true;
            try {
                pinning = member == null ? ThreadPinning.ofProperties()
                        : byMember.computeIfAbsent(member.cpus(), ThreadPinning::ofTurnMember);
            } catch (IllegalArgumentException e) {
                giveUp(benchmark, "cannot read the fork's CPUs: " + e.getMessage());
                return false;
            }
        }
        if (pinning == null) {
            return false;
        }
        ThreadPinning.Pass pass = pinning.apply();
        if (pass.problem() != null) {
            giveUp(benchmark, pass.problem());
            return true;
        }
        if (verbose && pass.moved() > 0) {
            out.println();
            out.println(PREFIX + "threads: " + pass.moved() + " of " + pass.threads() + " moved (program on CPU "
                    + pinning.measured() + ", JVM's own on CPU " + pinning.spare() + ")");
        }
        return false;
    }

    private static final Path PROC_SELF = Path.of("/proc/self");
    private final CompilerQuiet compilers = new CompilerQuiet(ThreadPinning.TASKS);
    private CompilerPriority priority;
    private boolean priorityOpened;
    private boolean lowered;
    private boolean warnedPriority;

    /**
     * Where the JIT compilers share the iteration's measured CPUs (no spare CPU: the fork's P is every CPU it may use,
     * or the widest member of a turn), puts them below the program ({@link CompilerPriority}); elsewhere puts them back
     * where Linux allows it. Only in a fork the host pinned and whose threads are placed, and in a turn's fork
     * ({@code turn}) only where the JVM may put them back.
     */
    void compilersBelowProgram(String benchmark, boolean turn) {
        if (unplaced) {
            return;
        }
        if (!priorityOpened) {
            priorityOpened = true;
            priority = CompilerPriority.ofProperties();
            if (turn && !CompilerPriority.canLeaveIdle(PROC_SELF.resolve("status"), PROC_SELF.resolve("limits"))) {
                priority = null; // they could not come back up in the members that give them a spare CPU
            }
        }
        boolean shared = pinning == null || !pinning.apart();
        if (priority == null || !shared && !lowered) {
            return;
        }
        String problem = priority.apply(shared);
        lowered |= shared;
        if (shared && problem != null && !warnedPriority) { // staying below where they run alone is no harm
            warnedPriority = true;
            warn.accept(benchmark + ": could not run the JIT compilers below the program on its CPUs (" + problem
                    + "): a compile in a measured iteration takes a CPU from it.");
        }
    }

    /** Waits for the compilers to stop before an iteration of {@code iterationNanos} ({@link CompilerQuiet}). */
    void awaitQuietCompilers(long iterationNanos) {
        CompilerQuiet.Wait wait = compilers.awaitBefore(iterationNanos);
        if (verbose && wait != null) {
            out.println(PREFIX + wait.words());
        }
    }

    private void giveUp(String benchmark, String problem) {
        unplaced = true;
        warn.accept(benchmark + ": could not place the fork's threads (" + problem + "): the program may run on the "
                + "fork's spare CPUs too, more than its configuration's, and the JIT compiler on the same ones; this "
                + "fork counts as not pinned.");
        pinning = null;
    }
}
