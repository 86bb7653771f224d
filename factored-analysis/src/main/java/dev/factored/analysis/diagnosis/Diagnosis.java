package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.diagnosis.facts.LossSeparation;
import dev.factored.analysis.diagnosis.facts.Program;
import dev.factored.analysis.diagnosis.words.ClaimWords;
import dev.factored.analysis.diagnosis.words.FindingWords;
import dev.factored.analysis.diagnosis.words.Wording;
import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.family.Invalidity;
import dev.factored.analysis.model.family.Quantities;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Explains a family's numbers as {@link Finding}s (METHOD.md §3 gaps and curvature), headline first, then
 * by the share of the ideal speedup each one accounts for. The rules are small classes, each reading a named part of
 * the family's {@link Quantities} and deciding kinds, severity and evidence ({@link SpeedupRule}, {@link LossRules},
 * {@link OverheadRules}, {@link CurveRules}, {@link ProfileRules}, {@link ScalingRules}); the words of every finding
 * are written by the renderer ({@link ClaimWords}) once every finding is decided and ranked.
 *
 * <p>Four rules keep the verdicts to what the evidence carries. Only valid points are read (an
 * oversubscribed point, or one whose pool had another number of workers, says nothing about P). A
 * finding is only made when its confidence interval clears the threshold (or two intervals do not
 * overlap). A finding whose evidence rests on a configuration measured in a single JVM fork, or on a busy
 * machine, is tentative: its text says "may" and names the reason. And a finding names a cause (a serial
 * section, small tasks, memory bandwidth, GC) only when a measurement of the run backs it, and lists that
 * measurement in its evidence.
 */
public final class Diagnosis {

    /**
     * A finding as a rule decided it, before it is ranked and worded: {@code share} is the fraction of P it accounts
     * for, its sort key; {@code claim} the facts its words are written from.
     */
    private record Decided(FindingKind kind, Integer cores, Severity severity, double share, Evidence evidence,
            Claim claim) {
    }

    private final List<Decided> found = new ArrayList<>();
    private final Quantities result;
    private final Program program;
    /** Why configurations of the family were disturbed, each configuration once (empty on a quiet machine). */
    private final List<String> disturbedBecause;

    private Diagnosis(Quantities result, Program program) {
        this.result = result;
        this.program = program;
        this.disturbedBecause = result.interference().stream().filter(Interference::disturbed)
                .filter(distinctBy(Interference::cores)).map(Interference::because).toList();
    }

    /**
     * The one entry point: the findings of one family from its factoring.
     *
     * @param result  every quantity of the family, points ascending by P (valid or not; only valid ones are read)
     * @param program what kind of code it measures (unmodified code's idle is time off-CPU; advice names a param
     *                only where the benchmark has one)
     */
    public static List<Finding> diagnose(Quantities result, Program program) {
        return new Diagnosis(result, program).run();
    }

    Quantities result() {
        return result;
    }

    Program program() {
        return program;
    }

    private List<Finding> run() {
        Estimate ts = result.times().baselineTime();
        Estimate te = result.times().elisionTime();
        Estimate t1 = result.times().oneCoreTime();
        List<Point> valid = result.points().stream().filter(Point::valid).toList();
        Point last = valid.isEmpty() ? null : valid.get(valid.size() - 1);
        boolean good = false;
        if (last != null && last.cores() >= 2 && last.speedups().actual() != null) {
            good = new SpeedupRule(this).overall(last, ts, te);
        } else {
            notMeasured(last);
        }
        int context = found.size();
        if (last != null) {
            new LossRules(this).losses(last, t1);
        }
        OverheadRules overheads = new OverheadRules(this);
        overheads.algorithm(ts, te, last);
        if (te != null && t1 != null) {
            overheads.scheduling(te, t1, last);
        }
        overheads.oneWorker(ts, te, t1, last);
        if (valid.size() >= 3) {
            new CurveRules(this).curvature(valid, t1);
        }
        ProfileRules profile = new ProfileRules(this);
        profile.parallelism(result.profile(), last);
        Bandwidth bandwidth = result.bandwidth();
        if (bandwidth.measured() && !bandwidth.slowdown().disturbed()) {
            profile.bandwidth(bandwidth, valid, t1);
        }
        if (!good && last != null && last.cores() >= 2 && found.size() == context && anyLoss(last)) {
            add(FindingKind.NO_SINGLE_LOSS, last.cores(), Severity.INFO, 0, Evidence.of(),
                    new Claim.NoSingleLoss(last.cores()));
        }
        new ScalingRules(this).scaling(result.scaling(), result.profile().bounds());
        found.sort(Comparator.comparing((Decided d) -> !d.kind().headline())
                .thenComparing(Comparator.comparingDouble(this::rank).reversed()));
        return found.stream().map(this::worded).toList();
    }

    /**
     * A cause's place among the causes: its share of P, but never more than the loss it explains takes at its P
     * ({@link LossSeparation#component}): a cause that only qualifies a loss (the bandwidth test's slowdown beside a
     * work inflation near zero, a span that limits the speedup beside a smaller idle time) never outranks it.
     */
    private double rank(Decided r) {
        String component = LossSeparation.component(r.kind().id());
        Integer cores = r.cores();
        if (component == null || cores == null) {
            return r.share();
        }
        Estimate loss = result.points().stream().filter(p -> p.valid() && p.cores() == cores && p.losses() != null)
                .map(p -> p.losses().named(component)).filter(Objects::nonNull).findFirst().orElse(null);
        return loss == null || !Double.isFinite(loss.value()) ? r.share() : Math.min(r.share(), loss.value() / cores);
    }

    /**
     * The headline when no P ≥ 2 is valid but one was measured (a CPU taken throughout, oversubscribed, unpinned): that
     * P could not be measured, and why, in the point's own first reason. Nothing is judged at that P, and the valid
     * P = 1 (if any) is not the answer to "does it speed up".
     */
    private void notMeasured(Point last) {
        Point invalid = result.points().stream().filter(p -> !p.valid() && p.cores() >= 2)
                .reduce((a, b) -> b).orElse(null);
        if (invalid == null || last != null && last.cores() >= 2) {
            return;
        }
        List<Invalidity> why = result.invalidity().getOrDefault(invalid.cores(), List.of());
        add(FindingKind.NOT_MEASURED, invalid.cores(), Severity.WARNING, 1, Evidence.of(), why.isEmpty()
                ? new Claim.NotMeasured(invalid.cores(), null, invalid.invalidBecause().get(0), last != null)
                : new Claim.NotMeasured(invalid.cores(), why.get(0), null, last != null));
    }

    /** Adds a finding as decided: its kind, P, severity, share, evidence and the facts of its claim. */
    void add(FindingKind kind, Integer cores, Severity severity, double share, Evidence evidence, Claim claim) {
        found.add(new Decided(kind, cores, severity, share, evidence, claim));
    }

    /**
     * The finding with its words, written from its claim once every finding is decided and ranked: tentative (with
     * the reason) when its evidence rests on a single fork or a busy machine.
     */
    private Finding worded(Decided d) {
        boolean disturbed = d.evidence().anyDisturbed();
        boolean tentative = disturbed || d.evidence().anySingleFork();
        String because = !tentative ? null : FindingWords.caveat(disturbed, disturbedBecause(d.cores()));
        Wording words = ClaimWords.of(d.claim());
        return new Finding(d.kind().id(), d.cores(), d.severity(), tentative, d.evidence().map(), words.text(because),
                because, words.statement(tentative));
    }

    /** Why the configurations a finding at P rests on were disturbed: the point's reasons, else the family's. */
    private List<String> disturbedBecause(Integer cores) {
        Point at = cores == null ? null
                : result.points().stream().filter(p -> p.cores() == cores).findFirst().orElse(null);
        return at != null && at.disturbance().disturbed() ? at.disturbance().disturbedBecause() : disturbedBecause;
    }

    /** Keeps the first of each key (a configuration's interference is said once, whatever its words). */
    private static <T> java.util.function.Predicate<T> distinctBy(java.util.function.Function<T, Object> key) {
        java.util.Set<Object> seen = new java.util.HashSet<>();
        return t -> seen.add(key.apply(t));
    }

    private static boolean anyLoss(Point p) {
        Losses l = p.losses();
        return l.algorithmic() != null || l.scheduling() != null || l.idle() != null || l.inflation() != null;
    }
}
