package dev.factored.analysis.diagnosis;

import dev.factored.analysis.diagnosis.facts.Claim;
import dev.factored.analysis.diagnosis.facts.Evidence.Measure;
import dev.factored.analysis.diagnosis.facts.Evidence;
import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.finding.FindingKind;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * What the fitted scaling models predict beyond the measured points. Reads the USL fit (peak, contention,
 * coherency), Karp–Flatt's serial fraction over P and Cilkview's bounds. Decides retrograde-predicted,
 * serial-fraction-grows, fit-above-span-bound and fit-below-span-bound; severity info: a prediction, not a loss.
 */
final class ScalingRules extends Rules {

    ScalingRules(Diagnosis diagnosis) {
        super(diagnosis);
    }

    /**
     * What the fitted scaling models predict beyond the measured points, where the prediction clears its interval:
     * a peak (USL's coherency above 0), a serial fraction that grows with P (Karp–Flatt), and where the fit leaves
     * Cilkview's bounds. Extrapolations, so never a loss of the measured speedup: severity info, ranked last.
     */
    void scaling(ScalingModels models, List<Bound> bounds) {
        if (models == null || !models.fitted()) {
            return;
        }
        List<Integer> fitted = models.fittedTo();
        int largest = fitted.get(fitted.size() - 1);
        List<ScalingModels.KarpFlatt> metric = models.karpFlatt();
        ScalingModels.KarpFlatt first = metric.isEmpty() ? null : metric.get(0);
        ScalingModels.KarpFlatt lastMetric = metric.isEmpty() ? null : metric.get(metric.size() - 1);
        boolean grows = first != null && lastMetric != first
                && lastMetric.serialFraction().low() > first.serialFraction().high();
        Evidence growth = grows ? Evidence.of().with(Measure.KARP_FLATT, first.cores(), first.serialFraction())
                .with(Measure.KARP_FLATT, lastMetric.cores(), lastMetric.serialFraction()) : Evidence.of();
        Estimate peak = models.peak();
        if (peak != null) { // every replicate has κ > 0
            ScalingModels.Projection atPeak = projectionAt(models, (int) Math.round(peak.value()));
            add(FindingKind.RETROGRADE_PREDICTED, largest, Severity.INFO, 0, growth.with(Measure.PEAK, peak)
                    .with(Measure.COHERENCY, models.coherency()).with(Measure.CONTENTION, models.contention()),
                    new Claim.RetrogradePredicted(fitted, peak, atPeak == null || atPeak.usl() == null ? Double.NaN
                            : atPeak.usl().value(), models.contention(), models.coherency(), grows ? first : null,
                            grows ? lastMetric : null));
        } else if (grows) {
            add(FindingKind.SERIAL_FRACTION_GROWS, largest, Severity.INFO, 0, growth,
                    new Claim.SerialFractionGrows(first, lastMetric, models.amdahl()));
        }
        for (Bound bound : bounds) {
            ScalingModels.Projection fit = bound.cores() > largest ? projectionAt(models, bound.cores()) : null;
            if (fit == null || fit.usl() == null) {
                continue;
            }
            Evidence ev = Evidence.of().with(Measure.USL_SPEEDUP, bound.cores(), fit.usl())
                    .with(Measure.UPPER_BOUND, bound.cores(), bound.upper())
                    .with(Measure.LOWER_BOUND, bound.cores(), bound.lower());
            if (fit.usl().low() > bound.upper().high()) {
                add(FindingKind.FIT_ABOVE_SPAN_BOUND, bound.cores(), Severity.INFO, 0, ev,
                        new Claim.FitAboveSpanBound(bound.cores(), fit.usl().value(), bound.upper().value()));
                break;
            }
            if (fit.usl().high() < bound.lower().low()) {
                add(FindingKind.FIT_BELOW_SPAN_BOUND, bound.cores(), Severity.INFO, 0, ev,
                        new Claim.FitBelowSpanBound(bound.cores(), fit.usl().value(), bound.lower().value()));
                break;
            }
        }
    }

    static ScalingModels.Projection projectionAt(ScalingModels models, int cores) {
        for (ScalingModels.Projection p : models.projection()) {
            if (p.cores() == cores) {
                return p;
            }
        }
        return null;
    }
}
