package dev.factored.analysis.model.measurement;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * How a family was measured: the raw samples of its configurations, what the machine took from them, whether they had
 * reached a steady state, and the JVM and JMH settings (written flat in the family, as analysis.json has always had
 * it).
 *
 * @param interference   what other processes took from each configuration's CPUs while it was measured, in the
 *                       order of {@code configurations}; empty when the profiler did not measure it
 * @param environment    JVM and JMH settings of the run
 * @param configurations the raw samples of every configuration, in the order baseline, elision, 1, 2, …
 * @param steadiness     whether each configuration's measured iterations had reached a steady state, in the order of
 *                       {@code configurations}; empty in files written before it was judged
 */
@JsonPropertyOrder({"interference", "environment", "configurations", "steadiness"})
public record Measurement(
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Interference> interference,
        Environment environment,
        List<ConfigurationRun> configurations,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Steadiness> steadiness) {

    public Measurement {
        interference = List.copyOf(interference == null ? List.of() : interference);
        configurations = List.copyOf(configurations == null ? List.of() : configurations);
        steadiness = List.copyOf(steadiness == null ? List.of() : steadiness);
    }
}
