package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.IdleCause;
import dev.factored.analysis.diagnosis.facts.OffCpu;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The words that say where idle time comes from, as the measurement that backs it says: the idle split of the
 * instrumented pool, the span, GC time, and for unmodified code the looks at its threads' states. The idle finding
 * itself is worded in {@link FindingWords}.
 */
final class IdleWords {

    private IdleWords() {
    }

    /** Where idle time comes from, in words, from the facts the idle rule found. */
    static String why(Claim.IdleWhy why) {
        if (why instanceof Claim.OffTheCpu o) {
            return idleOffCpu(o.p(), o.gcTime(), o.gcShare(), o.looked());
        }
        if (why instanceof Claim.WhileParallel w) {
            return idleWhileParallel(w.serial(), idleShares(w.parts(), w.total()), w.parallelism(), w.burdened(),
                    w.burden(), w.p(), w.program());
        }
        if (why instanceof Claim.FromSplit f) {
            return idleFromSplit(f.main(), idleShares(f.parts(), f.total()), f.p(), f.program());
        }
        return idleNoTask(((Claim.NoTask) why).p());
    }

    /** The idle split's parts as "startup 12%, serial 3%, ...". */
    private static String idleShares(List<Estimate> parts, double total) {
        List<String> each = new ArrayList<>();
        for (int k = 0; k < parts.size(); k++) {
            each.add(IdleSplit.NAMES.get(k) + " " + Words.percent(parts.get(k).value() / total));
        }
        return String.join(", ", each);
    }

    private static String idleFromSplit(int main, String shares, int p, Program program) {
        return switch (main) {
            case IdleSplit.SERIAL -> "idle time is mostly a serial section (" + shares + "): one worker runs alone "
                    + "while the others wait, so run that section in parallel or overlap it with other work";
            case IdleSplit.TAIL -> "idle time is mostly the tail (" + shares + "): workers ran out of work while "
                    + "others still ran their last tasks, which are too large; " + FindingWords.finer(program)
                    + ", or start the largest tasks first";
            case IdleSplit.STARTUP -> "idle time is mostly start-up (" + shares + "): workers wait for their first "
                    + "task; the operation is short next to the time it takes to hand it to the pool and wake " + p
                    + " workers";
            case IdleSplit.HAND_BACK -> "idle time is mostly hand-back (" + shares + "): after the last task every "
                    + "worker waits while the operation returns its result to the caller; the operation is short next "
                    + "to handing it to the pool and back, so give one operation more work";
            case IdleSplit.OTHER -> "idle time is scattered through the operation (" + shares + "): too few tasks "
                    + "are ready to keep " + p + " workers busy (" + FindingWords.finer(program) + ")";
            default -> "no single part of the idle time dominates (" + shares + ")";
        };
    }

    /**
     * Idle time that looks like a serial section or a shortage of tasks in the split, where the span run finds
     * plenty of parallelism, or a parallelism that only the cost of stealing cuts below P ({@code burdened}, NaN
     * where the parallelism is plenty): the work existed, the workers waited for it to reach them.
     */
    private static String idleWhileParallel(boolean serial, String shares, double parallelism, double burdened,
            Estimate burden, int p, Program program) {
        String part = serial ? "one worker running alone" : "scattered through the operation";
        String span = Double.isNaN(burdened) ? Words.x(parallelism) + ", plenty for " + Words.cores(p)
                : Words.x(parallelism) + ", which the cost of a steal on every forked task cuts to "
                        + Words.x(burdened);
        return "idle time is mostly " + part + " (" + shares + "), yet the span run finds a parallelism of " + span
                + ": the idle workers waited for work to reach them (waking a worker and stealing a task"
                + (burden == null ? "" : " take " + Numbers.time(burden.value()) + " here") + "), not for work to "
                + "exist; " + FindingWords.coarser(program) + " so that each hand-over pays for itself";
    }

    /** The instrumented pool counted idle time as time a worker had no task: that is lack of ready tasks. */
    private static String idleNoTask(int p) {
        return "the workers found no task to run (too few tasks ready to keep " + p + " workers busy)";
    }

    /**
     * Estimated idle is time off-CPU: waiting for work is one cause among others, and the estimate alone cannot
     * tell them apart. {@code gcShare}: the share of it GC pauses account for, NaN when GC time was not measured.
     */
    private static String idleOffCpu(int p, double gcTime, double gcShare, OffCpu looked) {
        String others = looked != null ? looks(looked)
                : "waiting for work, blocking (a join from outside the pool, a lock, I/O) or the caller waiting for the "
                + "pool, which this estimate does not tell apart";
        if (Double.isNaN(gcShare)) {
            return "the threads that can work were off the CPU; " + (looked != null ? others
                    : "the causes (waiting for work, blocking, the caller waiting for the pool, GC pauses) are not "
                    + "told apart by this estimate");
        }
        String gc = "GC pauses took " + Numbers.time(gcTime) + " per operation, stopping all " + p + " workers: "
                + Words.percent(gcShare) + " of the time off-CPU";
        if (gcShare >= IdleCause.MAIN_IDLE_PART) {
            return "the threads that can work were off the CPU, mostly in GC: " + gc + "; " + CollectorWords.ADVICE;
        }
        return "the threads that can work were off the CPU (" + gc + "; the rest: " + others + ")";
    }

    /** What the looks at the threads found them doing while off the CPU. */
    private static String looks(OffCpu looked) {
        return "looked at every 10 ms, a thread off the CPU was waiting for work in "
                + Words.percent(looked.noWork()) + " of the looks, waiting for a result (a join, a future) in "
                + Words.percent(looked.join()) + " and blocked (a lock, a queue, sleep, I/O) in "
                + Words.percent(looked.blocked());
    }

    /** GC pauses as a large part of instrumented idle time: every worker waits through them. */
    static String gcPartOfIdle(int p, double gcTime, double gcShare) {
        return "; GC pauses took " + Numbers.time(gcTime) + " per operation, which stop all " + p + " workers: up to "
                + Words.percent(gcShare) + " of the idle time is GC";
    }
}
