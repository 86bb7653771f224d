package dev.factored.gate;

import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.factored.analysis.diagnosis.Story;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.SpeedupProjection.ProjectedSpeedup;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Losses;
import dev.factored.gate.rules.Rule;
import dev.factored.text.Untrusted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerdictOutputTest {

    /** A hostile benchmark name: table pipes, emphasis, HTML, a mention, an issue link, a line break. */
    static final String NASTY = "b.X.a|b*c_d`e<script>@user#12[x](y)\nz";

    static Verdict mixedVerdict() {
        Analysis current = analysis(
                family("b.Sorts.mergeSort").param("size", "1000")
                        .baseline(est(1e-3, 0.99e-3, 1.01e-3))
                        .point(point(4, est(0.4e-3, 0.39e-3, 0.41e-3), null, est(2.5, 2.4, 2.6),
                                new Losses(null, null, null, null)))
                        .samples("baseline", Fixtures.samples(2, 3, 1e-3, 0.01, 1))
                        .samples("4", Fixtures.samples(2, 3, 0.4e-3, 0.01, 2))
                        .build(),
                family(NASTY).baseline(est(2e-6, 2e-6, 2e-6))
                        .point(point(2, est(1.5e-6, 1.4e-6, 1.6e-6), null, est(1.33, 1.2, 1.4), null)).build());
        Analysis baseline = analysis(
                family("b.Sorts.mergeSort").param("size", "1000")
                        .baseline(est(1e-3, 0.99e-3, 1.01e-3))
                        .point(point(4, est(0.3e-3, 0.29e-3, 0.31e-3), null, est(3.3, 3.2, 3.4), null))
                        .samples("baseline", Fixtures.samples(2, 3, 1e-3, 0.01, 3))
                        .samples("4", Fixtures.samples(2, 3, 0.3e-3, 0.01, 4)).build());
        return Gate.check(current, baseline, GateConfig.of(List.of(
                Rule.of("Sorts", Map.of("size", "1000"), "max", "efficiency", "80%", null, null),
                Rule.of("X", null, "max", "actual-speedup", "1.2", null, "value"),
                Rule.of("Nothing", null, "2", "idle-share", null, "10%", null))));
    }

    @Test
    void tableHasAlignedColumnsAndNoControlCharacters() {
        Verdict v = mixedVerdict();
        String table = VerdictOutput.table(v);
        assertTrue(table.startsWith("factored check FAILED: 7 checks, 1 passed, 4 failed, 0 inconclusive, 2 skipped\n"), table);
        String[] lines = table.split("\n");
        // Each table's rows start their columns where the header's do.
        assertColumnsAligned(lines, "  STATUS ");
        for (String line : lines) {
            for (char c : line.toCharArray()) {
                assertFalse(Character.isISOControl(c), "control character in " + line);
            }
        }
        assertTrue(table.contains("b.X.a|b*c_d`e<script>@user#12[x](y)\\u000Az"), table); // the line break shown
        assertTrue(table.contains("(no match: /Nothing/)"), table);
    }

    private static void assertColumnsAligned(String[] lines, String headerStart) {
        int found = 0;
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].startsWith(headerStart)) {
                continue;
            }
            found++;
            String header = lines[i];
            int reasonColumn = header.indexOf("REASON");
            int familyColumn = header.indexOf("FAMILY");
            for (int j = i + 1; j < lines.length && lines[j].startsWith("  "); j++) {
                String row = lines[j];
                assertEquals(' ', row.charAt(familyColumn - 1), row);
                assertTrue(row.charAt(familyColumn) != ' ', row);
                assertTrue(row.length() > reasonColumn && row.charAt(reasonColumn - 1) == ' ' && row.charAt(reasonColumn) != ' ',
                        "reason column misaligned:\n" + header + "\n" + row);
            }
        }
        assertEquals(2, found, "one rules table and one comparison table");
    }

    @Test
    void markdownHasAHeadlineATableAndEscapesUntrustedText() {
        Verdict v = mixedVerdict();
        String md = VerdictOutput.markdown(v);
        assertTrue(md.startsWith("## ❌ factored check failed\n\n7 checks: 1 passed, 4 failed, 0 inconclusive, 2 skipped.\n"), md);
        assertTrue(md.contains("| Status | Family | Cores | Metric | Limit | Value | Interval | Reason |\n|---|---|---|---|---|---|---|---|\n"), md);
        assertTrue(md.contains("b.X.a\\|b\\*c\\_d\\`e&lt;script&gt;&#64;user&#35;12\\[x\\](y)\\\\u000Az"), md);
        assertFalse(md.contains("<script>"), md);
        assertFalse(md.contains("@user"), md);
        // every table row has exactly the header's number of unescaped cell separators
        for (String line : md.split("\n")) {
            if (line.startsWith("| ✅") || line.startsWith("| ❌") || line.startsWith("| ⏭")) {
                long pipes = line.replace("\\|", "").chars().filter(c -> c == '|').count();
                assertTrue(pipes == 9 || pipes == 11, line);
            }
        }
        assertTrue(md.contains("- ❌ "), md);

        Verdict passed = Gate.check(analysis(family("b.A.run").baseline(est(1, 1, 1))
                .point(point(2, est(0.5, 0.5, 0.5), null, est(2, 2, 2), null)).build()), null,
                GateConfig.of(List.of(Rule.of("A", null, "max", "actual-speedup", "1.5", null, null))));
        String ok = VerdictOutput.markdown(passed);
        assertTrue(ok.startsWith("## ✅ factored check passed\n"), ok);
        assertTrue(ok.contains("| ✅ pass | b.A.run | 2 | actual\\-speedup".replace("\\-", "-")), ok);
    }

    @Test
    void summaryMdCarriesTheSpeedupsAlsoWithoutRules() {
        Analysis current = analysis(family("b.A.run|*x*").param("n", "<b>")
                        .baseline(est(1, 1, 1))
                        .point(point(2, est(0.625, 0.6, 0.65), null, est(1.6, 1.5, 1.7), new Losses(est(0.05, 0.04, 0.06),
                                est(0.25, 0.2, 0.3), est(0.1, 0.05, 0.15), est(0, -0.1, 0.1)))).build(),
                family("b.B.run").baseline(est(1, 1, 1)).build());
        Verdict none = Gate.check(current, null, GateConfig.of(List.of()));
        String md = VerdictOutput.markdown(none, current);
        // the notes (how the verdict was reached) come before the tables
        assertTrue(md.startsWith("## ✅ factored check passed\n\n0 checks: 0 passed, 0 failed, 0 inconclusive, 0 skipped.\n"
                + "\n> No rules configured.\n>\n> No baseline given: the regression comparison was skipped.\n"
                + "\n### Speedups\n\n| family | largest valid P | actual speedup there | biggest loss | headline |\n"
                + "|---|---|---|---|---|\n"), md);
        String a = md.lines().filter(l -> l.startsWith("| b.A")).findFirst().orElseThrow(() -> new AssertionError(md));
        // the biggest loss by the name a headline gives it (issue 35: was "scheduling 0.250x")
        assertTrue(a.startsWith("| b.A.run\\|\\*x\\*(n=&lt;b&gt;) | 2 | 1.60x \\[1.50, 1.70\\] | "
                + "scheduling overhead 0.250x "), a);
        assertEquals(6, a.replace("\\|", "").chars().filter(c -> c == '|').count(), a);
        assertTrue(md.contains("| b.B.run | no parallel configuration measured | not measured | not measured |"), md);
        assertFalse(VerdictOutput.markdown(none).contains("### Speedups"), "without the analysis, as before");
    }

    @Test
    void summaryMdStatesTheProjectedBandInOneLinePerFamily() {
        FamilyAnalysis f = family("b.A.run|x").baseline(est(1, 1, 1))
                .point(point(2, est(0.6, 0.55, 0.65), null, est(1.67, 1.5, 1.8), null)).build();
        SpeedupProjection projection = new SpeedupProjection(List.of(1, 2), List.of(SpeedupProjection.TIMES),
                List.of(new ProjectedSpeedup(16, est(4, 3, 5), est(16, 12, 16), SpeedupProjection.GREEDY_BOUND,
                        SpeedupProjection.WORK_LAW)), List.of(SpeedupProjection.UNSPLIT_IDLE));
        FamilyAnalysis projected = new FamilyAnalysis(f.id(), f.times(), f.idleSource(), f.points(), f.profile(),
                f.scalingModels(), projection, f.bandwidth(), f.timeline(), f.explanation(),
                new Measurement(f.measurement().interference(), f.measurement().environment(),
                f.measurement().configurations(), List.of()));
        Analysis current = analysis(projected, family("b.B.run").baseline(est(1, 1, 1)).build());
        String md = VerdictOutput.markdown(Gate.check(current, null, GateConfig.of(List.of())), current);
        List<String> rows = md.lines().filter(l -> l.startsWith("| b.")).toList();
        assertEquals(3, rows.size(), "two speedup rows and one projection: " + md);
        assertTrue(md.contains("### Projected speedup (a projection, not a measurement)"), md);
        assertEquals("| b.A.run\\|x | P = 1\u20132 | 16 | 4.00x \\[3.00, 5.00\\] to 16.0x \\[12.0, 16.0\\] | lower "
                + "edge: Cilkview's burdened bound; upper edge: P (the work law) | the idle time has no split "
                + "(estimated from CPU time, no activity timeline), so nothing tells it from a serial section: the "
                + "lower edge takes all of it as one (the instrumented pool gives the split) |", rows.get(2));
    }

    @Test
    void summaryMdShowsTheHeadlineOnceAndAtMostThreeMoreStatementsFolded() {
        FamilyAnalysis plain = family("b.A.run").baseline(est(1, 1, 1))
                .point(point(2, est(0.625, 0.6, 0.65), null, est(1.6, 1.5, 1.7), new Losses(est(0.05, 0.04, 0.06),
                        est(0.25, 0.2, 0.3), est(0.1, 0.05, 0.15), est(0, -0.1, 0.1)))).build();
        String caveat = "tentative: from a single JVM fork; run 2 or more forks to confirm";
        List<Finding> findings = List.of(
                new Finding("speedup", 2, Severity.MAJOR, true, null, "At 2 cores the speedup may be 1.6x (" + caveat
                        + ").", caveat, "At 2 cores the speedup may be 1.6x."),
                new Finding("scheduling-overhead", 2, Severity.MINOR, false, null, "Tasks are too small."),
                new Finding("idle", 2, Severity.MINOR, false, null, "Idle time costs 0.1x."),
                new Finding("algorithmic-overhead", 2, Severity.MINOR, false, null, "The algorithm adds 5%."));
        FamilyAnalysis told = plain.withExplanation(Story.tell(findings,
                List.of(new Finding("large-errors", null, Severity.WARNING, false, null, "Large score errors."))));
        Analysis current = new Analysis(Analysis.SCHEMA, "r.json", null, 42, 10, 0.95,
                List.of("Every configuration was measured in a single JVM fork."), List.of(told));
        String md = VerdictOutput.markdown(Gate.check(current, null, GateConfig.of(List.of())), current);
        assertTrue(md.contains("> Every configuration was measured in a single JVM fork.\n"), "the run's caveat, once");
        String row = md.lines().filter(l -> l.startsWith("| b.A")).findFirst().orElseThrow(() -> new AssertionError(md));
        assertTrue(row.endsWith("| At 2 cores the speedup may be 1.6x. The loss that matters most: scheduling "
                + "overhead (minor); make each task larger. (tentative) |"), row);
        assertFalse(md.contains(caveat), "no per-row caveat");
        assertTrue(md.contains("<details><summary>b.A.run</summary>\n\n- Tasks are too small.\n- Idle time costs 0.1x.\n"
                + "- The algorithm adds 5%.\n\n</details>"), md);
        assertFalse(md.contains("Large score errors"), "the fourth statement stays in analysis.json");
    }

    @Test
    void escapeCoversMarkdownSignificantCharacters() {
        assertEquals("a\\|b \\*x\\* \\_y\\_ \\`z\\` \\[l\\](u) \\~s\\~ \\!i \\\\ &lt;b&gt; &amp; &quot; &#64;me &#35;1\\\\u0009n",
                Untrusted.markdown("a|b *x* _y_ `z` [l](u) ~s~ !i \\ <b> & \" @me #1\tn"));
    }

    @Test
    void bidirectionalOverridesAndLineSeparatorsDoNotReachTheLogOrThePage() {
        // U+202E shows what follows right to left (a name can then read as another in a review);
        // U+2028 breaks the line in viewers that honour it; U+200B hides between letters.
        String hostile = "b.Y.run\u202Eabc\u2028def\u200Bghi";
        Analysis current = analysis(family(hostile).param("p", "x\u2066y\u2069")
                .baseline(est(1e-3, 1e-3, 1e-3)).build());
        Verdict v = Gate.check(current, null,
                GateConfig.of(List.of(Rule.of("Y", null, null, "algorithmic-overhead", null, "10%", null))));
        String table = VerdictOutput.table(v);
        String markdown = VerdictOutput.markdown(v);
        for (String out : List.of(table, markdown)) {
            for (char c : out.toCharArray()) {
                int type = Character.getType(c);
                assertFalse(type == Character.FORMAT || type == Character.LINE_SEPARATOR
                        || type == Character.PARAGRAPH_SEPARATOR, "U+" + Integer.toHexString(c) + " in " + out);
            }
        }
        assertTrue(table.contains("b.Y.run\\u202Eabc\\u2028def\\u200Bghi(p=x\\u2066y\\u2069)"), table);
        assertTrue(markdown.contains("b.Y.run\\\\u202Eabc\\\\u2028def\\\\u200Bghi(p=x\\\\u2066y\\\\u2069)"), markdown);
    }

    @Test
    void anEmojiStaysWholeAndABidiOverrideIsShownInTheLogAndTheMarkdown(@TempDir Path dir) throws Exception {
        String emoji = new String(Character.toChars(0x1F600));
        String param = emoji + " happy \u202Egnp.exe";
        Analysis current = analysis(family("b.Emoji.run").param("mood", param)
                .baseline(est(1e-3, 1e-3, 1e-3))
                .point(point(2, est(0.5e-3, 0.5e-3, 0.5e-3), null, est(2, 1.9, 2.1), null)).build());
        Verdict v = Gate.check(current, null,
                GateConfig.of(List.of(Rule.of("Emoji", null, "max", "actual-speedup", "3", null, null))));
        String table = VerdictOutput.table(v);
        String markdown = VerdictOutput.markdown(v);
        assertTrue(table.contains("b.Emoji.run(mood=" + emoji + " happy \\u202Egnp.exe)"), table);
        assertTrue(markdown.contains("b.Emoji.run(mood=" + emoji + " happy \\\\u202Egnp.exe)"), markdown);
        for (String out : List.of(table, markdown)) {
            assertFalse(out.contains("\u202E"), out);
            assertTrue(out.codePoints().anyMatch(cp -> cp == 0x1F600), out);
            out.codePoints().forEach(cp -> assertFalse(Untrusted.unsafe(cp) && cp != '\n', "U+" + Integer.toHexString(cp)));
        }
        Path file = dir.resolve("check.json");
        VerdictOutput.json(v, file);
        JsonNode rule = new ObjectMapper().readTree(Files.readString(file)).get("rules").get(0);
        assertEquals(param, rule.get("params").get("mood").asText(), "check.json keeps the param verbatim");
        assertEquals("the whole interval [1.90, 2.10] is below the minimum 3", rule.get("reason").asText());
    }

    @Test
    void numbersReadAsInTheReport() {
        Verdict v = mixedVerdict();
        String table = VerdictOutput.table(v);
        String markdown = VerdictOutput.markdown(v);
        // efficiency 2.5 / 4 as a percentage, its interval in the value's unit; the actual speedup of the rule
        // on X with its unit; times of the comparison in µs, and the change current / baseline - 1
        for (String expected : List.of("62.5%", "[60.0, 65.0]", "1.33x", "[1.20, 1.40]", "400 µs", "300 µs", "+34.0%", "[+31.8, +36.3]",
                "3.30x", "2.50x", "-25.4%", ">= ")) {
            assertTrue(table.contains(expected), expected + " in\n" + table);
            assertTrue(markdown.contains(Untrusted.markdown(expected)), expected + " in\n" + markdown);
        }
        assertTrue(v.rules().get(0).reason().startsWith("the whole interval [60.0, 65.0] is below the minimum 80%"),
                v.rules().get(0).reason());
    }

    @Test
    void jsonHasTheDocumentedFields(@TempDir Path dir) throws Exception {
        Verdict v = mixedVerdict();
        Path file = dir.resolve("target/factored/check.json");
        VerdictOutput.json(v, file);
        JsonNode root = new ObjectMapper().readTree(Files.readString(file));
        assertEquals(List.of("schema", "passed", "counts", "notes", "rules", "comparisons"), names(root));
        assertEquals(1, root.get("schema").asInt());
        assertFalse(root.get("passed").asBoolean());
        assertEquals(7, root.get("counts").get("total").asInt());
        assertEquals(4, root.get("counts").get("failed").asInt());

        JsonNode rule = root.get("rules").get(0);
        assertEquals(List.of("status", "rule", "family", "benchmark", "params", "mode", "cores", "metric", "measured", "reason"),
                names(rule));
        assertEquals(List.of("text", "benchmarks", "params", "cores", "metric", "direction", "minimum", "maximum", "use"),
                names(rule.get("rule")));
        assertEquals("fail", rule.get("status").asText());
        assertEquals("b.Sorts.mergeSort(size=1000)", rule.get("family").asText());
        assertEquals("1000", rule.get("params").get("size").asText());
        assertEquals("4", rule.get("cores").asText());
        assertEquals(0.8, rule.get("rule").get("minimum").asDouble(), 0);
        assertTrue(rule.get("rule").get("maximum").isNull());
        assertEquals("higher-is-better", rule.get("rule").get("direction").asText());
        assertEquals(0.625, rule.get("measured").get("value").asDouble(), 1e-12);

        JsonNode noMatch = root.get("rules").get(2);
        assertTrue(noMatch.get("family").isNull());
        assertTrue(noMatch.get("measured").isNull());

        JsonNode comparison = root.get("comparisons").get(0);
        assertEquals(List.of("status", "family", "benchmark", "params", "mode", "cores", "compared", "direction", "baseline",
                "current", "ratio", "method", "tolerance", "statistics", "reason"), names(comparison));
        assertEquals("time", comparison.get("compared").asText());
        assertEquals("forks", comparison.get("method").asText());
        assertTrue(comparison.get("statistics").isNull(), "a sequential time is reported, not judged");
        JsonNode judged = root.get("comparisons").get(1).get("statistics");
        assertEquals(List.of("pValue", "adjustedP", "beyondToleranceP", "checks", "minimumDetectableChange", "degreesOfFreedom", "noise"),
                names(judged));
        assertEquals(2, judged.get("checks").asInt());
        assertTrue(judged.get("adjustedP").asDouble() <= 0.05);
        assertEquals(NASTY, root.get("rules").get(1).get("benchmark").asText(), "JSON keeps names verbatim");
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }
}
