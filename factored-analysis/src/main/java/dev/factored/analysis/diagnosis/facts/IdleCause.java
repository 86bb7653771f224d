package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.IdleSplit;
import java.util.Map;

/**
 * Where a point's idle time comes from, as far as the idle finding's evidence says: the one decision that the idle
 * finding's words and the headline's advice (in the renderer) both read, so that the two never say different
 * things. It is decided from the finding's evidence alone ({@link #of}), which the diagnosis's {@code LossRules}
 * fills so that it carries the decision: the idle split's parts beside the idle time, the GC time, and the span's
 * parallelism only where the span says the work existed while the workers waited for it.
 */
public enum IdleCause {
    /** Mostly one worker running alone while the others wait: a serial section of the program. */
    SERIAL,
    /** Mostly workers that ran out of work while others ran their last tasks, which are too large. */
    TAIL,
    /** Mostly start-up: the workers waiting for their first task. */
    STARTUP,
    /** Mostly hand-back: after the last task, the result going back to the caller. */
    HAND_BACK,
    /** Mostly scattered shortages: too few tasks ready to keep the workers busy. */
    SCATTERED,
    /**
     * A serial-looking or scattered split, while the span says the work existed: the workers waited for tasks to
     * reach them (a steal, a wake-up), so larger tasks pay for their hand-over.
     */
    HAND_OVER,
    /** The split has no part that holds half of the idle time. */
    MIXED,
    /** Instrumented idle time without a split: the workers had no task, where is not measured. */
    NO_TASK,
    /** Estimated idle (unmodified code): time off-CPU, whose causes the estimate does not tell apart. */
    OFF_CPU,
    /** GC pauses, which stop every worker, make half of the idle time or more. */
    GC;

    /** Share of I_P a part (or GC) must hold to be called the main source of idle time. */
    public static final double MAIN_IDLE_PART = 0.5;

    /**
     * The cause an idle finding's evidence shows at P.
     *
     * @param evidence  the idle finding's evidence, by the names of {@link Measure} and {@link Evidence#idlePart}
     * @param estimated the idle time was estimated from CPU time (unmodified code)
     */
    public static IdleCause of(Map<String, Estimate> evidence, int p, boolean estimated) {
        Estimate idle = evidence.get(Measure.IDLE_TIME.id());
        Estimate gc = evidence.get(Measure.GC_TIME.id());
        double total = idle == null ? Double.NaN : idle.value();
        if (gc != null && total > 0 && Math.min(1, p * gc.value() / total) >= MAIN_IDLE_PART) {
            return GC;
        }
        if (estimated) {
            return OFF_CPU;
        }
        if (!evidence.containsKey(Evidence.idlePartName(IdleSplit.NAMES.get(IdleSplit.STARTUP)))) {
            return NO_TASK;
        }
        int main = mainPart(evidence, total);
        if ((main == IdleSplit.SERIAL || main == IdleSplit.OTHER)
                && evidence.containsKey(Measure.PARALLELISM.id())) {
            return HAND_OVER;
        }
        return switch (main) {
            case IdleSplit.SERIAL -> SERIAL;
            case IdleSplit.TAIL -> TAIL;
            case IdleSplit.STARTUP -> STARTUP;
            case IdleSplit.HAND_BACK -> HAND_BACK;
            case IdleSplit.OTHER -> SCATTERED;
            default -> MIXED;
        };
    }

    /** The part of the idle split that holds at least half of the idle time, or -1 when none does. */
    public static int mainPart(Map<String, Estimate> evidence, double total) {
        int main = -1;
        for (int k = 0; k < IdleSplit.PARTS; k++) {
            Estimate part = evidence.get(Evidence.idlePartName(IdleSplit.NAMES.get(k)));
            if (part != null && total > 0 && part.value() >= MAIN_IDLE_PART * total) {
                main = k;
            }
        }
        return main;
    }

    /**
     * Whether it names one place where the workers waited, measured at P (a part of the idle split, or GC): more
     * specific than what the span run says of the whole dag.
     */
    public boolean specific() {
        return this == SERIAL || this == TAIL || this == STARTUP || this == HAND_BACK || this == GC;
    }
}
