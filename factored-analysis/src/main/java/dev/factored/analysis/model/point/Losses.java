package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;
import java.util.List;

/**
 * The split of the ideal speedup P into the actual speedup plus four losses (METHOD.md §4):
 * {@code P = actual + algorithmic + scheduling + idle + inflation}, each loss being a cost divided by T_P.
 * A negative loss (usually inflation) means that part gained speedup. A loss whose inputs were not
 * measured is {@code null}.
 *
 * @param algorithmic A / T_P, where A = T_e − T_s
 * @param scheduling  S_1 / T_P, where S_1 = T_1 − T_e
 * @param idle        I_P / T_P
 * @param inflation   F_P / T_P, where F_P = P·T_P − I_P − T_1
 * @param overhead    (T_1 − T_s) / T_P, the algorithmic and scheduling losses together; published only when there is
 *                    no elision to split it (unmodified fork/join code), so that the parts still add up to P, and
 *                    then not written
 * @param interference D_P / T_P: the time the workers waited to run behind other processes while they held work,
 *                    the machine's loss, not the program's; taken out of {@code inflation}, so the parts still add up
 *                    to P. Null (and not written) when the profiler did not measure it
 * @param ownWaiting  O_P / T_P: the time the workers waited for a CPU while they held work behind the program's own
 *                    threads (more runnable threads than CPUs: a parallel stream's caller beside P workers) or the
 *                    JVM's own threads on the same CPUs: the program's, but not work; taken out of {@code inflation}
 *                    (or, for estimated idle, of {@code idle}), so the parts still add up to P. Null (and not written)
 *                    when the profiler did not measure the workers' wait of every cause
 */
@JsonPropertyOrder({"algorithmic", "scheduling", "idle", "inflation", "overhead", "interference", "ownWaiting"})
public record Losses(
        Estimate algorithmic,
        Estimate scheduling,
        Estimate idle,
        Estimate inflation,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate overhead,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate interference,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate ownWaiting) {

    static final Losses NONE = new Losses(null, null, null, null, null, null, null);

    /** Without the program's own waiting (results from before the profiler measured the workers' whole wait). */
    public Losses(Estimate algorithmic, Estimate scheduling, Estimate idle, Estimate inflation, Estimate overhead,
            Estimate interference) {
        this(algorithmic, scheduling, idle, inflation, overhead, interference, null);
    }

    /** Without the machine's part (results from before the profiler measured it). */
    public Losses(Estimate algorithmic, Estimate scheduling, Estimate idle, Estimate inflation, Estimate overhead) {
        this(algorithmic, scheduling, idle, inflation, overhead, null);
    }

    /** The four losses of METHOD.md §4, split by the elision. */
    public Losses(Estimate algorithmic, Estimate scheduling, Estimate idle, Estimate inflation) {
        this(algorithmic, scheduling, idle, inflation, null, null);
    }

    /** Every part's analysis.json name, in the order they are written. */
    public static final List<String> NAMES = List.of("algorithmic", "scheduling", "idle", "inflation", "overhead",
            "interference", "ownWaiting");

    /** A loss by its analysis.json name ({@code algorithmic}, {@code idle}, …), or null when it was not measured. */
    public Estimate named(String name) {
        return switch (name) {
            case "algorithmic" -> algorithmic;
            case "scheduling" -> scheduling;
            case "idle" -> idle;
            case "inflation" -> inflation;
            case "overhead" -> overhead;
            case "interference" -> interference;
            case "ownWaiting" -> ownWaiting;
            default -> null;
        };
    }

    /** A loss by its analysis.json name, e.g. {@code idle} and its estimate. */
    public record Named(String name, Estimate value) {
    }

    /**
     * The largest measured loss by its point estimate (every part that is published: the four, or the overhead
     * for unmodified code, the machine's part and the program's own waiting), or null when none was measured: what a one-line summary
     * names as the biggest loss.
     */
    @JsonIgnore
    public Named largest() {
        Named best = null;
        for (String name : NAMES) {
            Estimate v = named(name);
            if (v != null && Double.isFinite(v.value()) && (best == null || v.value() > best.value().value())) {
                best = new Named(name, v);
            }
        }
        return best;
    }
}
