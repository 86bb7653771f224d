package dev.factored.analysis.model.measurement;

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
    /**
     * Clock reads an average strand must last for the span run's numbers to be used. Measured on trees of 4,096
     * leaves (SpanClockTest, 3 runs): strands of 10 reads on average summed to 0.95x the elision's time, of 3 reads
     * 0.95-0.96x, of 1 read 1.01-1.02x, of 0.4 reads 1.02-1.14x, and of 0.1 reads anything from 0.16x to 0.85x (the
     * clock's cost moves with the code around it by more than such a strand lasts).
     */
    public static final double RESOLUTION_READS = 1;

    /**
     * The average strand's time (work / strands per operation), or NaN when the run did not count strands or
     * measure its clock's cost.
     */
    public double averageStrand() {
        if (clockCost == null || clockCost <= 0 || strandsPerOp <= 0 || work.length == 0) {
            return Double.NaN;
        }
        return Arrays.stream(work).flatMapToDouble(Arrays::stream).average().orElse(0) / strandsPerOp;
    }

    /**
     * The span run's work and span cannot be used: its strands average fewer than {@link #RESOLUTION_READS} clock
     * read, so the work is mostly the clock's error. The one rule for both the profile (missing) and the warning
     * that says why.
     */
    public boolean belowClockResolution() {
        double strand = averageStrand();
        return !Double.isNaN(strand) && strand < RESOLUTION_READS * clockCost;
    }

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
