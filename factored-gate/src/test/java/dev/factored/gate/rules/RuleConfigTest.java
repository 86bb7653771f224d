package dev.factored.gate.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.gate.GateConfig;
import dev.factored.gate.terms.Ratios;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuleConfigTest {

    @Test
    void parsesRatiosAndPercentages() {
        assertEquals(0.8, Ratios.parse("0.8", "minimum"), 1e-12);
        assertEquals(0.8, Ratios.parse("80%", "minimum"), 1e-12);
        assertEquals(0.8, Ratios.parse(" 80 % ", "minimum"), 1e-12);
        assertEquals(-0.05, Ratios.parse("-5%", "maximum"), 1e-12);
        assertEquals(0.125, Ratios.parse("12.5%", "maximum"), 1e-12);
        assertEquals(0.1, Ratios.parse("1e-1", "maximum"), 1e-12);
        assertEquals(2.0, Ratios.parse("2", "minimum"), 1e-12);
        assertEquals(0.5, Ratios.parse(".5", "minimum"), 1e-12);
    }

    @Test
    void rejectsTextThatIsNoNumberWithTheSettingNamed() {
        for (String bad : new String[] {"abc", "", "  ", "%", "80%%", "NaN", "Infinity", "0x10", "1.0d", "80 percent", "8,0"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ratios.parse(bad, "minimum"),
                    bad);
            assertTrue(e.getMessage().startsWith("minimum"), e.getMessage());
            assertTrue(e.getMessage().contains("80%"), "the message shows the accepted forms: " + e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Ratios.parse(null, "minimum"));
    }

    @Test
    void factoryBuildsARule() {
        Rule rule = Rule.of(".*Sort.*", Map.of("size", "1000"), "max", "efficiency", "80%", null, null);
        assertEquals(Metric.EFFICIENCY, rule.metric());
        assertEquals(0.8, rule.minimum(), 1e-12);
        assertNull(rule.maximum());
        assertNull(rule.cores());
        assertEquals("max", rule.coresLabel());
        assertEquals(Use.INTERVAL, rule.use());
        assertEquals("efficiency >= 80% at cores=max for /.*Sort.*/ {size=1000}", rule.describe());

        Rule fixed = Rule.of(null, null, "4", "Idle-Share", "", "0.25", "VALUE");
        assertEquals(4, fixed.cores());
        assertEquals(Metric.IDLE_SHARE, fixed.metric());
        assertEquals(".*", fixed.benchmarks());
        assertEquals(Use.VALUE, fixed.use());
        assertEquals(null, Rule.of("x", null, null, "actual-speedup", "2", null, null).cores());
        assertEquals(null, Rule.of("x", null, "MAX", "actual-speedup", "2", null, null).cores());
    }

    @Test
    void unknownMetricListsTheValidNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", null, "max", "eficiency", "80%", null, null));
        assertTrue(e.getMessage().contains("unknown metric \"eficiency\""), e.getMessage());
        assertTrue(e.getMessage().contains("benchmarks=\"Sort\""), e.getMessage());
        for (Metric m : Metric.values()) {
            assertTrue(e.getMessage().contains(m.configName()), e.getMessage());
        }
    }

    @Test
    void minimumAboveMaximumIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", null, "max", "efficiency", "90%", "80%", null));
        assertTrue(e.getMessage().contains("larger than its maximum"), e.getMessage());
    }

    @Test
    void badCoresAreRejected() {
        for (String bad : new String[] {"0", "-2", "four", "maximum", "2.5"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Rule.of("Sort", null, bad, "efficiency", "80%", null, null), bad);
            assertTrue(e.getMessage().contains("\"" + bad + "\""), e.getMessage());
            assertTrue(e.getMessage().contains("max"), e.getMessage());
        }
        for (String sequential : new String[] {"baseline", "Elision"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Rule.of("Sort", null, sequential, "efficiency", "80%", null, null), sequential);
            assertTrue(e.getMessage().contains("a rule judges a parallel configuration"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Rule("x", null, 0, Metric.EFFICIENCY, 0.5, null, null));
    }

    @Test
    void otherBadSettingsAreRejected() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", null, "max", "efficiency", null, null, null)).getMessage()
                .contains("needs a minimum or a maximum"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort(", null, "max", "efficiency", "1", null, null)).getMessage()
                .contains("not a valid regular expression"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", Map.of("size", "[0-"), "max", "efficiency", "1", null, null)).getMessage()
                .contains("params filter size"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", null, "max", "efficiency", "1", null, "mean")).getMessage()
                .contains("unknown use \"mean\""));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Rule.of("Sort", null, "max", "efficiency", "eighty", null, null)).getMessage()
                .contains("minimum \"eighty\" is not a number"));
    }

    @Test
    void metricNamesAndDirectionsAreDocumented() {
        assertEquals(Metric.ALGORITHMIC_LOSS, Metric.parse(" algorithmic-loss "));
        for (Metric m : Metric.values()) {
            assertEquals(m, Metric.parse(m.configName()));
            assertTrue(m.configName().matches("[a-z]+(-[a-z]+)*"), m.configName());
        }
        assertEquals(11, Metric.values().length);
    }

    @Test
    void gateConfigValidatesItsSettings() {
        GateConfig config = GateConfig.of(null);
        assertEquals(0.10, config.tolerance(), 0);
        assertTrue(config.rules().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> config.withTolerance(-0.1));
        assertThrows(IllegalArgumentException.class, () -> config.withTolerance(Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new GateConfig(null, 0.1, false, false, false, 0, 0.95, 0.1));
        assertThrows(IllegalArgumentException.class,
                () -> new GateConfig(null, 0.1, false, false, false, 0.05, 1.0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> config.withAssumedNoise(0));
    }

    static java.util.stream.Stream<dev.factored.contract.CoresSpellings.Spelling> spellings() {
        return dev.factored.contract.CoresSpellings.all().stream();
    }

    /** A rule's cores follows the one spelling table; of the sequential ones, a rule takes none. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("spellings")
    void coresFollowTheSpellingTable(dev.factored.contract.CoresSpellings.Spelling row) {
        boolean parallel = row.canonical() != null && row.canonical().chars().allMatch(Character::isDigit);
        if (parallel) {
            assertEquals(Integer.valueOf(row.canonical()), Rule.parseCores(row.text()));
        } else if (!row.text().isBlank() && !row.text().strip().equalsIgnoreCase("max")) {
            assertThrows(IllegalArgumentException.class, () -> Rule.parseCores(row.text()), row.toString());
        }
    }
}
