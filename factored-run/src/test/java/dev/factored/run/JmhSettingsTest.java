package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresParam;
import dev.factored.run.jmh.BenchmarkListing;
import dev.factored.run.jmh.JmhArguments;
import dev.factored.run.jmh.Timing;
import dev.factored.run.settings.Params;
import dev.factored.run.settings.PomSpelling;
import dev.factored.run.settings.Preset;
import dev.factored.run.settings.ShareForks;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmhSettingsTest {

    private static JmhSettings settings(Preset preset, Integer forks, List<String> extra) {
        return settings(preset, forks, Params.NONE, extra);
    }

    private static JmhSettings settings(Preset preset, Integer forks, Params params, List<String> extra) {
        return JmhSettings.of("baseline,elision,1,2", List.of("Sort"), List.of("Slow"),
                new Timing(preset, forks, null, null, null, "50ms"), params.describe(), extra, ShareForks.NONE,
                PomSpelling.INSTANCE);
    }

    @Test
    void runArgumentsCarryPresetOverridesProfilerAndResultFile() {
        Path result = Path.of("target", "factored", "jmh-result.json");
        List<String> args = settings(Preset.QUICK, 3, List.of("-tu", "us"))
                .runArguments(List.of("Sort"), SuiteRun.PROFILER, null, result);
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2",
                "-prof", SuiteRun.PROFILER,
                "-f", "3", "-wi", "3", "-w", "200ms", "-i", "3", "-r", "50ms",
                "-tu", "us", "-rf", "json", "-rff", result.toAbsolutePath().toString()), args);
    }

    @Test
    void anOptionInJmhArgumentsReplacesThePresetsValue() {
        List<String> args = settings(Preset.DEFAULT, null, List.of("-f", "1", "-wi=0"))
                .runArguments(List.of(), SuiteRun.PROFILER, "pin=false", Path.of("r.json"));
        assertEquals(1, Collections.frequency(args, "-f"));
        assertEquals("1", args.get(args.indexOf("-f") + 1));
        assertTrue(!args.contains("-wi"));
        assertTrue(args.contains(SuiteRun.PROFILER + ":pin=false"), args.toString());
    }

    @Test
    void theCoresGivenToJmhHoldTheTurnsOfTheRoundsOnly() {
        RunSettings rounds = RunSettings.builder().cores("baseline,elision,span,1,2").build(PomSpelling.INSTANCE);
        assertEquals(ShareForks.PARALLEL, rounds.shareForks());
        assertEquals("baseline,elision,span,1+2", CoresParam.spelling(rounds.jmh().cores()));
        assertTrue(rounds.jmh().listArguments().contains("cores=baseline,elision,span,1+2"));
        RunSettings all = RunSettings.builder().cores("baseline,elision,span,1,2").shareForks("all")
                .build(PomSpelling.INSTANCE);
        assertEquals("baseline+elision+1+2,span", CoresParam.spelling(all.jmh().cores()));
        RunSettings jmhOrder = RunSettings.builder().cores("baseline,1,2").order("jmh").build(PomSpelling.INSTANCE);
        assertEquals("baseline,1,2", CoresParam.spelling(jmhOrder.jmh().cores()), "JMH's Main runs no turn");
    }

    @Test
    void listArgumentsSelectTheSameBenchmarksAndParams() {
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2", "-p", "size=10", "-lp"),
                settings(Preset.QUICK, null, List.of("-p", "size=10")).listArguments());
    }

    @Test
    void rejectsWhatTheGoalSetsItself() {
        assertThrows(IllegalArgumentException.class, () -> settings(Preset.QUICK, null, List.of("-rf", "csv")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> settings(Preset.QUICK, null, List.of("-p", "cores=1,2")));
        assertTrue(e.getMessage().contains("<cores>"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> settings(Preset.QUICK, -1, List.of()));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> settings(Preset.QUICK, 0, List.of())).getMessage()
                .contains("forks = 0: without forks JMH runs the benchmarks inside its own JVM"));
    }

    @Test
    void theParamsPropertyGoesRightAfterCoresInBothCommandLines() {
        Params params = Params.parse("threshold=1,100;size=1000", PomSpelling.INSTANCE);
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2",
                "-p", "threshold=1,100", "-p", "size=1000", "-tu", "us", "-lp"),
                settings(Preset.QUICK, null, params, List.of("-tu", "us")).listArguments());
        Path result = Path.of("r.json");
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2",
                "-p", "threshold=1,100", "-p", "size=1000", "-prof", SuiteRun.PROFILER,
                "-f", "1", "-wi", "3", "-w", "200ms", "-i", "3", "-r", "50ms",
                "-tu", "us", "-rf", "json", "-rff", result.toAbsolutePath().toString()),
                settings(Preset.QUICK, null, params, List.of("-tu", "us"))
                        .runArguments(List.of("Sort"), SuiteRun.PROFILER, null, result));
    }

    @Test
    void aParamInTheParamsPropertyAndInJmhArgumentsIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> settings(Preset.QUICK, null, Params.parse("threshold=1,100", PomSpelling.INSTANCE), List.of("-p", "threshold=5")));
        assertTrue(e.getMessage().contains("'threshold' is given twice"), e.getMessage());
        assertTrue(e.getMessage().contains("-p threshold=…"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> settings(Preset.QUICK, null, Params.parse("size=1", PomSpelling.INSTANCE), List.of("-psize=2")));
        // Different params in the two places are fine.
        settings(Preset.QUICK, null, Params.parse("threshold=1,100", PomSpelling.INSTANCE), List.of("-p", "size=1000"));
    }

    @Test
    void jmhArgumentsAreValidatedWhenTheSettingsAreMade() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> settings(Preset.QUICK, null, List.of("-p", "threshold=1", "100")));
        assertTrue(e.getMessage().contains("'100'"), e.getMessage());
    }

    @Test
    void everyFormOfAnOptionReplacesThePresetsValue() {
        for (List<String> forks : List.of(List.of("-f3"), List.of("-f=3"), List.of("--f", "3"), List.of("-f 3"))) {
            List<String> args = settings(Preset.DEFAULT, null, forks)
                    .runArguments(List.of(), SuiteRun.PROFILER, null, Path.of("r.json"));
            // The default preset's -f 2 is left out, whatever form the user's -f has.
            assertEquals(-1, Collections.indexOfSubList(args, List.of("-f", "2")), forks + " gave " + args);
            assertTrue(args.containsAll(JmhArguments.parse(forks, PomSpelling.INSTANCE).arguments()), forks + " gave " + args);
        }
        List<String> args = settings(Preset.DEFAULT, null, List.of("-wb", "2", "-wi 0"))
                .runArguments(List.of(), SuiteRun.PROFILER, null, Path.of("r.json"));
        assertEquals(1, Collections.frequency(args, "-wi"), args.toString());
        assertEquals("0", args.get(args.indexOf("-wi") + 1));
        assertTrue(args.contains("-w"), "-wb is -wbs, not -w: " + args);
    }

    @Test
    void anElementWithOptionSpaceValueIsPassedAsTwoArguments() {
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2", "-p", "size=1000", "-lp"),
                settings(Preset.QUICK, null, List.of("-p size=1000")).listArguments());
    }

    @Test
    void findsARestrictedParamThatNoBenchmarkHas() {
        List<BenchmarkListing.Listed> benchmarks = List.of(
                new BenchmarkListing.Listed("a.Sort.sort", Map.of("cores", List.of("1"), "size", List.of("10"))),
                new BenchmarkListing.Listed("a.Fib.fib", Map.of("cores", List.of("1"), "threshold", List.of("5"))));
        assertEquals(null, settings(Preset.QUICK, null, Params.parse("threshold=1", PomSpelling.INSTANCE), List.of("-p", "size=3"))
                .paramNoneHas(benchmarks));
        assertEquals("treshold", settings(Preset.QUICK, null, Params.parse("treshold=1", PomSpelling.INSTANCE), List.of())
                .paramNoneHas(benchmarks));
        assertEquals("sise", settings(Preset.QUICK, null, Params.NONE, List.of("-p", "sise=3"))
                .paramNoneHas(benchmarks));
    }

    @Test
    void presetsParseIgnoringCaseAndNameTheChoicesWhenWrong() {
        assertEquals(Preset.THOROUGH, Preset.parse("Thorough", PomSpelling.INSTANCE));
        assertEquals(Preset.DEFAULT, Preset.parse(null, PomSpelling.INSTANCE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Preset.parse("fast", PomSpelling.INSTANCE));
        assertTrue(e.getMessage().contains("quick, default or thorough"), e.getMessage());
    }
}
