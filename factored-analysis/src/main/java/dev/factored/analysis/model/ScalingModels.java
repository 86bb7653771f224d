package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * Amdahl's law, Karp–Flatt's metric and Gunther's Universal Scalability Law fitted to a family's valid points
 * (method.md, "Scaling models"). All three scale from the one-worker time T_1: with x = P − 1 and
 * y = P·T_P/T_1 − 1 (how much more machine time P workers took than one), USL is y = σ·x + κ·P·x, Amdahl is
 * y = f·x (USL without κ), and Karp–Flatt's experimentally determined serial fraction is e(P) = y/x at each P.
 * Intervals are percentiles of the same fits on every bootstrap replicate of the configurations' means. The
 * projected speedups are over the baseline T_s, as every curve: (T_s/T_1)·P / (1 + σ·x + κ·P·x).
 *
 * @param fittedTo        the P of the valid points the models were fitted to, ascending (P = 1 first)
 * @param notFittedBecause why there is no fit (fewer than three valid P, no valid one-worker point …); null when
 *                        fitted, and then every other field but {@code projection} is set
 * @param amdahl          the serial fraction f of Amdahl's law, least squares over the points
 * @param contention      USL's σ: the share of work that serializes (queueing on a shared resource)
 * @param coherency       USL's κ: the cost that grows with every pair of workers (crosstalk: coherence traffic,
 *                        locks every worker touches); above 0 the speedup peaks and then falls
 * @param peak            where USL's speedup is highest, √((1 − σ)/κ) workers, when every replicate has κ > 0 and
 *                        σ < 1; null otherwise (no peak predicted)
 * @param karpFlatt       e(P) for every fitted P ≥ 2: a constant e is a fixed serial part; an e that grows with P
 *                        is overhead that grows with P
 * @param projection      each model's speedup over T_s at P = 1 … projectTo: an extrapolation beyond the measured
 *                        points, not a measurement; empty without a fit or without a baseline
 */
@JsonPropertyOrder({"fittedTo", "notFittedBecause", "amdahl", "contention", "coherency", "peak", "karpFlatt",
        "projection"})
public record ScalingModels(
        List<Integer> fittedTo,
        @JsonInclude(JsonInclude.Include.NON_NULL) String notFittedBecause,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate amdahl,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate contention,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate coherency,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate peak,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<KarpFlatt> karpFlatt,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Projection> projection) {

    /** Fewer valid P than this give no fit: two unknowns (σ, κ) need two points beyond P = 1. */
    public static final int MIN_POINTS = 3;

    public ScalingModels {
        fittedTo = List.copyOf(fittedTo == null ? List.of() : fittedTo);
        karpFlatt = List.copyOf(karpFlatt == null ? List.of() : karpFlatt);
        projection = List.copyOf(projection == null ? List.of() : projection);
        if ((notFittedBecause == null) == (coherency == null)) {
            throw new IllegalArgumentException("scaling models are either fitted or say why not, not both or neither");
        }
    }

    /** No fit, and why. */
    public static ScalingModels notFitted(List<Integer> validCores, String because) {
        return new ScalingModels(validCores, because, null, null, null, null, List.of(), List.of());
    }

    @JsonIgnore
    public boolean fitted() {
        return notFittedBecause == null;
    }

    /** Karp–Flatt's experimentally determined serial fraction at P. */
    @JsonPropertyOrder({"cores", "serialFraction"})
    public record KarpFlatt(int cores, Estimate serialFraction) {
    }

    /** The fitted models' speedups over T_s at P; an extrapolation where P is beyond the fitted points. */
    @JsonPropertyOrder({"cores", "amdahl", "usl"})
    public record Projection(int cores, Estimate amdahl, Estimate usl) {
    }
}
