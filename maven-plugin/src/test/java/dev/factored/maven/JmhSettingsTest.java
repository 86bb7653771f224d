package dev.factored.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhSettingsTest {

    private static JmhSettings settings(Preset preset, Integer forks, List<String> extra) {
        return new JmhSettings(List.of("baseline", "elision", "1", "2"), List.of("Sort"), List.of("Slow"),
                preset, forks, null, null, null, "50ms", extra);
    }

    @Test
    void runArgumentsCarryPresetOverridesProfilerAndResultFile() {
        Path result = Path.of("target", "factored", "jmh-result.json");
        List<String> args = settings(Preset.QUICK, 3, List.of("-tu", "us"))
                .runArguments(List.of("Sort"), RunMojo.PROFILER, null, result);
        assertEquals(List.of("Sort", "-e", "Slow", "-p", "cores=baseline,elision,1,2",
                "-prof", RunMojo.PROFILER,
                "-f", "3", "-wi", "3", "-w", "200ms", "-i", "5", "-r", "50ms",
                "-tu", "us", "-rf", "json", "-rff", result.toAbsolutePath().toString()), args);
    }

    @Test
    void anOptionInJmhArgumentsReplacesThePresetsValue() {
        List<String> args = settings(Preset.DEFAULT, null, List.of("-f", "1", "-wi=0"))
                .runArguments(List.of(), RunMojo.PROFILER, "pin=false", Path.of("r.json"));
        assertEquals(1, Collections.frequency(args, "-f"));
        assertEquals("1", args.get(args.indexOf("-f") + 1));
        assertTrue(!args.contains("-wi"));
        assertTrue(args.contains(RunMojo.PROFILER + ":pin=false"));
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
    }

    @Test
    void presetsParseIgnoringCaseAndNameTheChoicesWhenWrong() {
        assertEquals(Preset.THOROUGH, Preset.parse("Thorough"));
        assertEquals(Preset.DEFAULT, Preset.parse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Preset.parse("fast"));
        assertTrue(e.getMessage().contains("quick, default or thorough"), e.getMessage());
    }
}
