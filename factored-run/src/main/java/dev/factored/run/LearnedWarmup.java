package dev.factored.run;

import dev.factored.analysis.ForkAllocation;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.analysis.model.measurement.Steadiness;
import dev.factored.contract.CoresValue;
import dev.factored.text.ConsoleText;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The warm-up a configuration's further forks get, learned from its forks so far (METHOD.md, "steady state"): where
 * their measured iterations were still warming up ({@link Steadiness#learnedWarmup()}: slower first iterations, or
 * compiling from the first on), the next forks warm up for as much longer, in warm-up iterations of the run's length,
 * and every later fork of the configuration keeps at least that. A fork still warming up is measured again in its
 * place ({@link ForkAllocation.Reason#UNSTEADY}) at most {@link #RETRIES} times a configuration. Says what it gave,
 * once per configuration and warm-up.
 */
final class LearnedWarmup {

    /** How often one configuration's fork is measured again because it was still warming up. */
    static final int RETRIES = 2;
    /** The most warm-up added, in measured iterations of one fork: beyond it, the code does not settle in this run. */
    private static final int MOST_FORKS_WORTH = 2;

    private final Consumer<String> say;
    /** One configuration of a family. */
    private record Configuration(FamilyId family, CoresValue cores) {
    }

    /** The warm-up each configuration was given. */
    private final Map<Configuration, Integer> given = new HashMap<>();
    private final Map<Configuration, Integer> retried = new HashMap<>();
    /**
     * The run's warm-up of each configuration as first seen: the results file gives a configuration the warm-up of
     * its first fork, which after a replacement may be a learned one.
     */
    private final Map<Configuration, Integer> planned = new HashMap<>();

    /** @param say where the line for each configuration goes, once per warm-up it gets */
    LearnedWarmup(Consumer<String> say) {
        this.say = say;
    }

    /**
     * The warm-up iterations for the next fork of one configuration, or null for the run's own (its forks were steady,
     * or the analysis does not know the run's warm-up).
     */
    Integer of(Analysis analysis, FamilyId family, CoresValue cores) {
        FamilyAnalysis found = analysis.families().stream().filter(f -> f.id().equals(family)).findFirst()
                .orElse(null);
        Steadiness steadiness = found == null ? null : found.steadiness(cores);
        Environment run = found == null ? null : found.measurement().environment();
        Configuration key = new Configuration(family, cores);
        Integer before = given.get(key);
        if (run != null) {
            planned.putIfAbsent(key, run.warmupIterations());
        }
        if (steadiness == null || run == null || steadiness.learnedWarmup() == 0) {
            return before;
        }
        int planned = this.planned.get(key);
        // After a fork was measured again with the learned warm-up, a fork still warming up is most likely that one:
        // it needed more than it got. Before, the forks still warming up had the run's warm-up.
        int from = before != null && retried.getOrDefault(key, 0) > 0 ? Math.max(before, planned) : planned;
        int warmup = Math.min(Math.max(before == null ? 0 : before, from + iterations(run, steadiness.learnedWarmup())),
                planned + iterations(run, MOST_FORKS_WORTH * run.measurementIterations()));
        if (before != null && warmup <= before || warmup <= planned) {
            return before;
        }
        given.put(key, warmup);
        say.accept(ConsoleText.of("[factored] warm-up learned: ").text(family.label()).text(" cores=")
                .text(String.valueOf(cores)).text(": ").text(warmup)
                .text(" iterations (its forks so far were still warming up for ").text(steadiness.learnedWarmup())
                .text(" measured iteration").text(steadiness.learnedWarmup() == 1 ? "" : "s").text(" after ")
                .text(planned).text(")").toString());
        return warmup;
    }

    /** Whether a fork of the configuration may still be measured again in its place for warming up. */
    boolean mayRetry(FamilyId family, CoresValue cores) {
        return retried.getOrDefault(new Configuration(family, cores), 0) < RETRIES;
    }

    /** Counts a fork measured again in another's place. */
    void retried(FamilyId family, CoresValue cores) {
        retried.merge(new Configuration(family, cores), 1, Integer::sum);
    }

    /** Measured iterations as warm-up iterations: as many as take the same time. */
    static int iterations(Environment run, int measured) {
        double ratio = 1;
        try {
            long warmupNanos = TimeValue.fromString(run.warmupTime()).convertTo(TimeUnit.NANOSECONDS);
            long measuredNanos = TimeValue.fromString(run.measurementTime()).convertTo(TimeUnit.NANOSECONDS);
            ratio = warmupNanos > 0 && measuredNanos > 0 ? measuredNanos / (double) warmupNanos : 1;
        } catch (RuntimeException unreadable) {
            // a time JMH did not write: iterations of equal length, as every preset has them
        }
        return (int) Math.ceil(measured * ratio - 1e-9);
    }
}
