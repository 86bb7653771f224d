package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.FamilyId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Families of one benchmark that differ in exactly one numeric param (a cutoff, a threshold, a size), read
 * together at one P: how the speedup and its losses move with that param (Roth Fig. 3.8, Acar et al. Figs. 5–6).
 * The numbers are the families' own points at {@code cores}; a sweep only says which families belong together,
 * which value was best and what the data advise.
 *
 * @param benchmark the benchmark method
 * @param mode      the JMH mode
 * @param param     the param that varies
 * @param fixed     the other params, the same in every family of the sweep
 * @param cores     P at which the families are compared: the largest P valid in all of them
 * @param steps     one per value of {@code param}, in ascending numeric order
 * @param best      the value with the highest measured speedup at {@code cores}
 * @param advice    sentences: the best value, how the losses trade as the param grows, what to try next
 * @param host      the host class of its families where a merged analysis holds several (the same sweep is then found
 *                  once per host); null otherwise
 */
@JsonPropertyOrder({"benchmark", "mode", "param", "fixed", "cores", "steps", "best", "advice", "host"})
public record Sweep(String benchmark, String mode, String param, Map<String, String> fixed, int cores,
        List<Step> steps, String best, List<String> advice,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        String host) {

    /** A sweep of a run on one host. */
    public Sweep(String benchmark, String mode, String param, Map<String, String> fixed, int cores, List<Step> steps,
            String best, List<String> advice) {
        this(benchmark, mode, param, fixed, cores, steps, best, advice, null);
    }

    /** The same sweep, found among the families of {@code hostClass}. */
    public Sweep onHost(String hostClass) {
        return new Sweep(benchmark, mode, param, fixed, cores, steps, best, advice, hostClass);
    }

    /** Whether {@code family} is one of this sweep's: of its host class, where it has one. */
    public boolean holds(FamilyAnalysis family) {
        return host == null || (family.measurement().environment() != null
                && host.equals(family.measurement().environment().hostClass()));
    }

    /**
     * @param value  the param's value, as JMH wrote it
     * @param params the family's params (its key together with benchmark and mode)
     */
    public record Step(String value, Map<String, String> params) {
        public Step {
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }
    }

    public Sweep {
        fixed = Collections.unmodifiableMap(new LinkedHashMap<>(fixed == null ? Map.of() : fixed));
        steps = List.copyOf(steps);
        advice = List.copyOf(advice == null ? List.of() : advice);
        if (steps.size() < 2) {
            throw new IllegalArgumentException("a sweep needs two or more values of " + param);
        }
        double previous = Double.NEGATIVE_INFINITY;
        for (Step step : steps) {
            double v = number(step.value(), param);
            if (!(v > previous)) {
                throw new IllegalArgumentException("the values of " + param + " must ascend, found " + step.value()
                        + " after a value not below it");
            }
            previous = v;
        }
        if (steps.stream().noneMatch(s -> s.value().equals(best))) {
            throw new IllegalArgumentException("the best value of " + param + ", " + best + ", is not one of its steps");
        }
    }

    /** A step's value as a number: finite, as JMH wrote it. */
    public static double number(String value, String param) {
        try {
            double v = Double.parseDouble(value.strip());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException | NullPointerException e) {
            // fall through
        }
        throw new IllegalArgumentException("a sweep of " + param + " needs numbers, got \"" + value + "\"");
    }

    /** The family of one step. */
    public FamilyId family(Step step) {
        return new FamilyId(benchmark, step.params(), mode);
    }

    /** E.g. {@code a.B.sort: cutoff (size=1000)}. */
    @JsonIgnore
    public String title() {
        StringBuilder sb = new StringBuilder(benchmark).append(": ").append(param);
        if (!fixed.isEmpty()) {
            sb.append(" (");
            String sep = "";
            for (Map.Entry<String, String> e : fixed.entrySet()) {
                sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
                sep = ", ";
            }
            sb.append(')');
        }
        if (host != null) {
            sb.append(" on ").append(host);
        }
        return sb.toString();
    }

    /** Whether the values span two decades or more, where a log axis reads better. */
    @JsonIgnore
    public boolean spansDecades() {
        double lo = number(steps.get(0).value(), param);
        double hi = number(steps.get(steps.size() - 1).value(), param);
        return lo > 0 && hi / lo >= 100;
    }
}
