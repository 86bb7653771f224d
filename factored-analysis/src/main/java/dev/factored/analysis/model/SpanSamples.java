package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * The raw strand timing of a {@code cores=span} configuration (METHOD.md §5), per fork and measurement
 * iteration like the time samples it came with, in seconds per operation.
 *
 * @param work          T_1 of the dag: the summed time of all strands
 * @param span          T_∞: the longest chain of dependent strands
 * @param burdenedSpan  T̂_∞: the span with the burden on every forked branch
 * @param spawnsPerOp   tasks forked per operation (mean)
 * @param strandsPerOp  strands per operation (mean)
 * @param burden        the burden per forked branch the run used, seconds (measured on the machine)
 * @param clockCost     the clock cost subtracted from every strand, seconds; null if not reported
 */
@JsonPropertyOrder({"work", "span", "burdenedSpan", "spawnsPerOp", "strandsPerOp", "burden", "clockCost"})
public record SpanSamples(
        @JsonProperty(required = true) double[][] work,
        @JsonProperty(required = true) double[][] span,
        @JsonProperty(required = true) double[][] burdenedSpan,
        double spawnsPerOp,
        double strandsPerOp,
        double burden,
        Double clockCost) {

    public SpanSamples {
        if (!finite(work) || !sameShape(work, span) || !sameShape(work, burdenedSpan) || !finite(span)
                || !finite(burdenedSpan)) {
            throw new IllegalArgumentException("cores=span: work, span and burdened span samples must be finite and "
                    + "of one shape");
        }
        if (!(spawnsPerOp >= 0) || !(strandsPerOp >= 0) || !(burden >= 0) || !Double.isFinite(spawnsPerOp + strandsPerOp
                + burden)) {
            throw new IllegalArgumentException("cores=span: spawns, strands and burden must be finite and >= 0, got "
                    + spawnsPerOp + ", " + strandsPerOp + ", " + burden);
        }
    }

    /** Whether these samples come from the same iterations as {@code time} (same forks, same lengths). */
    boolean shapedLike(double[][] time) {
        return sameShape(work, time);
    }

    private static boolean finite(double[][] a) {
        return a != null && Arrays.stream(a).allMatch(f -> f != null && Arrays.stream(f).allMatch(Double::isFinite));
    }

    private static boolean sameShape(double[][] a, double[][] b) {
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int f = 0; f < a.length; f++) {
            if (a[f] == null || b[f] == null || a[f].length != b[f].length) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SpanSamples s && Arrays.deepEquals(work, s.work) && Arrays.deepEquals(span, s.span)
                && Arrays.deepEquals(burdenedSpan, s.burdenedSpan) && spawnsPerOp == s.spawnsPerOp
                && strandsPerOp == s.strandsPerOp && burden == s.burden && Objects.equals(clockCost, s.clockCost);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.deepHashCode(work), Arrays.deepHashCode(span), Arrays.deepHashCode(burdenedSpan),
                spawnsPerOp, strandsPerOp, burden, clockCost);
    }

    @Override
    public String toString() {
        return "SpanSamples[work=" + Arrays.deepToString(work) + ", span=" + Arrays.deepToString(span)
                + ", burdenedSpan=" + Arrays.deepToString(burdenedSpan) + ", spawnsPerOp=" + spawnsPerOp
                + ", strandsPerOp=" + strandsPerOp + ", burden=" + burden + ", clockCost=" + clockCost + "]";
    }
}
