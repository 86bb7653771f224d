package dev.factored.run;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.Environment;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.FamilyId;
import dev.factored.analysis.model.Steadiness;
import dev.factored.text.Untrusted;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The warm-up a configuration's further forks get, learned from its forks so far (METHOD.md, "steady state"): where
 * their measured iterations were still warming up ({@link Steadiness#learnedWarmup()}: slower first iterations, or
 * compiling from the first on), the next forks warm up for as much longer, in warm-up iterations of the run's length.
 * Says once per configuration what it gave.
 */
final class LearnedWarmup {

    private final Consumer<String> say;
    private final Set<String> said = new HashSet<>();

    /** @param say where the line for each configuration goes, once */
    LearnedWarmup(Consumer<String> say) {
        this.say = say;
    }

    /**
     * The warm-up iterations for the next fork of one configuration, or null for the run's own (its forks were steady,
     * or the analysis does not know the run's warm-up).
     */
    Integer of(Analysis analysis, FamilyId family, String cores) {
        FamilyAnalysis found = analysis.families().stream().filter(f -> f.id().equals(family)).findFirst()
                .orElse(null);
        Steadiness steadiness = found == null ? null : found.steadiness(cores);
        Environment run = found == null ? null : found.environment();
        if (steadiness == null || steadiness.learnedWarmup() == 0 || run == null) {
            return null;
        }
        int warmup = iterations(run, steadiness.learnedWarmup());
        if (warmup <= run.warmupIterations()) {
            return null;
        }
        if (said.add(family.label() + " cores=" + cores)) {
            say.accept("[factored] warm-up learned: " + Untrusted.console(family.label()) + " cores=" + cores + ": "
                    + run.warmupIterations() + " \u2192 " + warmup + " iterations (its forks so far were still warming "
                    + "up for " + steadiness.learnedWarmup() + " measured iteration"
                    + (steadiness.learnedWarmup() == 1 ? "" : "s") + ")");
        }
        return warmup;
    }

    /** The run's warm-up plus the measured iterations still warming up, converted to warm-up iterations. */
    static int iterations(Environment run, int measuredStillWarming) {
        double ratio = 1;
        try {
            long warmupNanos = TimeValue.fromString(run.warmupTime()).convertTo(TimeUnit.NANOSECONDS);
            long measuredNanos = TimeValue.fromString(run.measurementTime())
                    .convertTo(TimeUnit.NANOSECONDS);
            ratio = warmupNanos > 0 && measuredNanos > 0 ? measuredNanos / (double) warmupNanos : 1;
        } catch (RuntimeException unreadable) {
            // a time JMH did not write: iterations of equal length, as every preset has them
        }
        return run.warmupIterations() + (int) Math.ceil(measuredStillWarming * ratio - 1e-9);
    }
}
