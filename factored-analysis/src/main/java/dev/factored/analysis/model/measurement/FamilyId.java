package dev.factored.analysis.model.measurement;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What makes a family: one benchmark method, its JMH params other than {@code cores}, and its mode. The
 * only family key in the project: the analysis groups by it, the report names files and anchors after
 * it, the gate matches a baseline's families to the current run's by it.
 *
 * @param benchmark the fully qualified benchmark method name
 * @param params    the JMH params without {@code cores}, in JMH's order; values are untrusted text
 * @param mode      the JMH mode: {@code avgt}, {@code thrpt}, {@code sample} or {@code ss}
 */
public record FamilyId(String benchmark, Map<String, String> params, String mode) {

    public FamilyId {
        if (benchmark == null || benchmark.isEmpty()) {
            throw new IllegalArgumentException("a family needs a benchmark name");
        }
        if (mode == null || mode.isEmpty()) {
            throw new IllegalArgumentException("family " + benchmark + " needs a mode");
        }
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
        if (params.containsKey(dev.factored.contract.CoresValue.PARAM)) {
            throw new IllegalArgumentException("family " + benchmark + ": params must not hold `cores`, the "
                    + "configuration");
        }
    }

    /** The benchmark and its params, e.g. {@code a.B.sort(size=1000, cutoff=200)}; without the mode. */
    public String name() {
        if (params.isEmpty()) {
            return benchmark;
        }
        StringBuilder sb = new StringBuilder(benchmark).append('(');
        String sep = "";
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ", ";
        }
        return sb.append(')').toString();
    }

    /** {@link #name()} with the mode appended unless it is the usual {@code avgt}. */
    public String label() {
        return "avgt".equals(mode) ? name() : name() + " [" + mode + "]";
    }

    /**
     * The key of the family's random streams. Without the mode on purpose: a thrpt run and the avgt run
     * of the same benchmark then draw the same resamples and, given the same times, the same intervals.
     */
    public String streamKey() {
        StringBuilder sb = new StringBuilder(benchmark).append('(');
        params.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
        return sb.append(')').toString();
    }
}
