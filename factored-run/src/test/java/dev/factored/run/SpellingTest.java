package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.run.settings.CheckSettings;
import dev.factored.run.settings.RuleSpec;
import dev.factored.run.settings.Setting;
import dev.factored.run.settings.Spelling;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** factored-run names a setting only through the front end's spelling, and checks the gate's settings once. */
class SpellingTest {

    /** Spells every setting as {@code {key}}, so that a test sees which setting a message names. */
    private enum Braces implements Spelling {
        INSTANCE;

        @Override
        public String where(Setting setting) {
            return "{" + setting.key() + "}";
        }

        @Override
        public String withValue(Setting setting, String value) {
            return "{" + setting.key() + "=" + value + "}";
        }

        @Override
        public String typed(Setting setting, String value) {
            return "{" + setting.key() + ":" + value + "}";
        }

        @Override
        public String name(Setting setting) {
            return "{" + setting.key() + "!}";
        }

        @Override
        public String makeAnalysis() {
            return "{analyse}";
        }

        @Override
        public String listSplitting() {
            return " {splitting}";
        }
    }

    private static String runFailure(RunSettings.Builder settings) {
        return assertThrows(IllegalArgumentException.class, () -> settings.build(Braces.INSTANCE)).getMessage();
    }

    @Test
    void theRunsMessagesNameTheSettingByKey() {
        assertTrue(runFailure(RunSettings.builder().cores("1").preset("fast")).endsWith("({preset})"));
        assertTrue(runFailure(RunSettings.builder().cores("1").order("random")).endsWith("({order})"));
        assertTrue(runFailure(RunSettings.builder().cores("1").shareForks("some")).endsWith("({shareForks})"));
        assertTrue(runFailure(RunSettings.builder().cores("1").params("cores=1")).contains("with {cores}"));
        String stray = runFailure(RunSettings.builder().cores("1").jmhArguments(List.of("-p", "threshold=1", "100")));
        assertTrue(stray.startsWith("{jmhArguments!}: '100'") && stray.contains("{params:\"threshold=1,100\"}")
                && stray.endsWith(" {splitting}"), stray);
        String twice = runFailure(RunSettings.builder().cores("1").params("size=1").jmhArguments(List.of("-p", "size=2")));
        assertTrue(twice.contains("in {params!} (\"size=1\") and with -p size=… in {jmhArguments!}"), twice);
    }

    @Test
    void theGatesSettingsAreCheckedOnce() {
        String update = assertThrows(IllegalArgumentException.class, () -> CheckSettings.builder().updateBaseline(true)
                .build(Braces.INSTANCE)).getMessage();
        assertEquals("{updateBaseline:true} needs {baseline}, the file to write; none is set", update);
        String rule = assertThrows(IllegalArgumentException.class, () -> CheckSettings.builder()
                .rules(List.of(RuleSpec.parse("metric=efficiency;minimum=50%"), RuleSpec.parse("metric=nope")))
                .build(Braces.INSTANCE)).getMessage();
        assertTrue(rule.startsWith("{rule!} 2 of 2 ('metric=nope'): "), rule);
        String field = assertThrows(IllegalArgumentException.class, () -> CheckSettings.builder()
                .rules(List.of(RuleSpec.of(null, null, null, "nope", null, null, null))).build(Braces.INSTANCE))
                .getMessage();
        assertTrue(field.startsWith("{rule!} 1 of 1: "), field);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CheckSettings.builder().baselineRuns(0)
                .build(Braces.INSTANCE)).getMessage().contains("baselineRuns = 0"));
        CheckSettings defaults = CheckSettings.builder().build(Braces.INSTANCE);
        assertEquals(0.10, defaults.config().tolerance(), 1e-12);
        assertEquals(0.05, defaults.config().alpha(), 1e-12);
        assertEquals(1, defaults.baselineRuns());
        assertEquals(0.01, CheckSettings.builder().alpha("1%").build(Braces.INSTANCE).config().alpha(), 1e-12);
        String alpha = assertThrows(IllegalArgumentException.class, () -> CheckSettings.builder().alpha("100%")
                .build(Braces.INSTANCE)).getMessage();
        assertTrue(alpha.startsWith("alpha 1.0 is not valid; write a probability strictly between 0 and 1"), alpha);
    }

    /**
     * No main source of factored-run spells a setting the Maven way or the CLI's; the one exception is the seed line
     * of the rounds, which names both front ends' ways of repeating a seed (configuration.md quotes it).
     */
    @Test
    void noMessageSpellsASettingItself() throws IOException {
        String keys = Stream.of(Setting.values()).map(Setting::key).reduce((a, b) -> a + "|" + b).orElseThrow();
        java.util.regex.Pattern pom = java.util.regex.Pattern.compile("<(" + keys + ")>");
        java.util.regex.Pattern cli = java.util.regex.Pattern.compile("\"[^\"]*--(" + keys + ")[ \"),;]");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/factored/run"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i).strip();
                    boolean code = !line.startsWith("*") && !line.startsWith("/") && !line.startsWith("//");
                    if (code && (line.contains("-Dfactored.") || pom.matcher(line).find() || cli.matcher(line).find())
                            && !line.contains("repeats it: -Dfactored.seed, or --seed of factored run")) {
                        found.add(file.getFileName() + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }
}
