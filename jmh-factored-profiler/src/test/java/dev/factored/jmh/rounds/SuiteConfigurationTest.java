package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.factored.contract.CoresValue;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.junit.jupiter.api.Test;

/** A turn's fork runs k times the iterations, so that each of its k members gets what a fork of its own would. */
class SuiteConfigurationTest {

    /** The configurations of {@link TurnBenchmark} for these options, by their {@code cores} value. */
    static Map<String, SuiteConfiguration> configurations(Options options) throws RunnerException {
        Map<String, SuiteConfiguration> byCores = new java.util.LinkedHashMap<>();
        for (SuiteConfiguration c : SuiteConfiguration.list(BenchmarkList.defaultList(), options,
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT))) {
            byCores.put(c.params().get(CoresValue.PARAM), c);
        }
        return byCores;
    }

    private static OptionsBuilder turnBenchmark() {
        return (OptionsBuilder) new OptionsBuilder().include("^" + TurnBenchmark.class.getName().replace(".", "\\.")
                + "\\.work$");
    }

    @Test
    void aTurnMultipliesTheBenchmarksOwnIterationCountsByItsMembers() throws RunnerException {
        Options given = turnBenchmark().build();
        Map<String, SuiteConfiguration> c = configurations(given);
        assertEquals(List.of("baseline", "elision", "1+2"), List.copyOf(c.keySet()));
        Options shared = new SharedOptions(given);
        Options turn = c.get("1+2").options(shared, true);
        assertEquals(2, c.get("1+2").members());
        assertEquals(4, turn.getWarmupIterations().get(), "@Warmup(iterations = 2) for each of 2 members");
        assertEquals(6, turn.getMeasurementIterations().get(), "@Measurement(iterations = 3) for each of 2 members");
        Options alone = c.get("baseline").options(shared, true);
        assertEquals(1, c.get("baseline").members());
        assertFalse(alone.getWarmupIterations().hasValue(), "one configuration: JMH reads the annotation itself");
        assertFalse(alone.getMeasurementIterations().hasValue());
    }

    @Test
    void aTurnMultipliesTheCommandLinesCountsAndALearnedWarmup() throws RunnerException {
        Options given = turnBenchmark().warmupIterations(5).measurementIterations(7).build();
        SuiteConfiguration turn = configurations(given).get("1+2");
        Options shared = new SharedOptions(given);
        assertEquals(10, turn.options(shared, false).getWarmupIterations().get());
        assertEquals(14, turn.options(shared, false).getMeasurementIterations().get());
        Options learned = turn.options(shared, false, 8);
        assertEquals(16, learned.getWarmupIterations().get(), "8 learned for each member");
        assertEquals(14, learned.getMeasurementIterations().get());
        SuiteConfiguration baseline = configurations(given).get("baseline");
        assertEquals(8, baseline.options(shared, false, 8).getWarmupIterations().get());
    }

    @Test
    void aMemberAloneIsTheConfigurationWithItsOwnCoresValue() throws RunnerException {
        SuiteConfiguration turn = configurations(turnBenchmark().build()).get("1+2");
        SuiteConfiguration two = turn.alone(CoresValue.workers(2));
        assertEquals("2", two.params().get(CoresValue.PARAM));
        assertEquals("10", two.params().get("size"));
        assertNull(two.turn());
        assertEquals(1, two.members());
        assertEquals(turn.forks(), two.forks());
        assertEquals(TurnBenchmark.class.getName() + ".work avgt cores=2 size=10", two.describe());
    }

    @Test
    void aCoresValueThatJoinsNoTurnIsRefusedBeforeAnythingRuns() {
        RunnerException e = org.junit.jupiter.api.Assertions.assertThrows(RunnerException.class,
                () -> configurations(turnBenchmark().param("cores", "1+1").build()));
        assertEquals("Benchmark \"" + TurnBenchmark.class.getName() + ".work\": cores = \"1+1\": cores = 1 is named "
                + "twice in one turn", e.getMessage());
    }
}
