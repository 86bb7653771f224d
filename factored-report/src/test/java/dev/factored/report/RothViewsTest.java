package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.Timeline;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Measurement;
import dev.factored.analysis.model.point.Disturbance;
import dev.factored.analysis.model.point.Factors;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.model.point.Losses;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.analysis.model.point.PointTimes;
import dev.factored.report.charts.ComponentsChart;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** Roth's views in the report: the activity timeline, the idle split, the factors and the sweeps. */
class RothViewsTest {

    private static final String HOSTILE = "<b>\u202E\uD83D\uDE00&";

    /** The family with factors at every P, an idle split at P = 2 and a timeline at P = 2. */
    static FamilyAnalysis withRoth(FamilyAnalysis f) {
        List<Point> points = new ArrayList<>();
        for (Point p : f.points()) {
            Estimate work = p.shares().efficiency();
            Factors factors = new Factors(work, Estimate.exact(0.2), Estimate.exact(1 - 0.2 - work.value()));
            IdleSplit split = null;
            if (p.cores() == 2) {
                double idle = p.times().idleTime().value();
                split = new IdleSplit(Estimate.exact(idle * 0.1), Estimate.exact(idle * 0.6),
                        Estimate.exact(idle * 0.25), Estimate.exact(idle * 0.05), 15);
            }
            points.add(new Point(p.cores(), p.valid(), p.invalidBecause(), Disturbance.NONE,
                    new PointTimes(p.times().time(), p.times().idleTime(), null, p.times()
                    .workInflation()), p.speedups(), p.losses(),
                    p.shares(), factors, split, new PointConditions(p.conditions().oversubscribed(), p.conditions()
                    .pinned(), null, null, null)));
        }
        Timeline timeline = new Timeline(2, 6.1e-3, 15, List.of(
                List.of(new double[] {1e-5, 6e-3}),
                List.of(new double[] {2.05e-3, 4e-3}, new double[] {4.1e-3, 5.9e-3})));
        return new FamilyAnalysis(f.id(), f.times(), FamilyAnalysis.IDLE_INSTRUMENTED, points, null, null, null, null,
                timeline, f.explanation(),
                new Measurement(List.of(), f.measurement().environment(), f.measurement().configurations(), List.of()));
    }

    private static void parses(byte[] svg) throws Exception {
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    @Test
    void timelineIdleSplitFactorsAndSweepAppearWithTheirExplanations() throws Exception {
        FamilyAnalysis small = withRoth(Fixtures.family("demo.FibBenchmark.fib").param("cutoff", "10")
                .param("mode", HOSTILE).scaling(1, 2).build());
        FamilyAnalysis large = Fixtures.family("demo.FibBenchmark.fib").param("cutoff", "25").param("mode", HOSTILE)
                .scaling(1, 2).build();
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put("mode", HOSTILE);
        Sweep sweep = new Sweep("demo.FibBenchmark.fib", "avgt", "cutoff", fixed, 2, List.of(
                new Sweep.Step("10", small.id().params()), new Sweep.Step("25", large.id().params())), "25",
                List.of("Best measured: cutoff = 25 " + HOSTILE));
        Analysis analysis = new Analysis(Analysis.SCHEMA, "x.json", null, 42, 2000, 0.95, List.of(),
                List.of(small, large), List.of(sweep));
        RenderedReport report = FactoredReport.render(analysis);
        String html = report.bodyHtml();
        assertTrue(html.contains("id=\"fct-sweeps\""), "a sweeps section");
        assertTrue(html.contains("<li>Best measured: cutoff = 25 &lt;b&gt;\\u202E\uD83D\uDE00&amp;</li>"), html);
        assertFalse(html.contains("<b>"), "untrusted text escaped");
        assertTrue(html.contains("src=\"factored/sweep-1.svg\""));
        assertTrue(html.contains("Where the idle time comes from"));
        assertTrue(html.contains("idle counted by the instrumented pool"), "the idle source is said");
        assertTrue(html.contains("How to read this.</strong> One operation as it ran at this P"));
        assertTrue(html.contains("Roth's factors split the machine's time"));
        assertEquals(1, count(html, "fct-idle-split\""), "only the family with a split has the table");
        int timelines = 0;
        int factors = 0;
        for (Map.Entry<String, byte[]> file : report.files().entrySet()) {
            parses(file.getValue());
            timelines += file.getKey().endsWith("-timeline.svg") ? 1 : 0;
            factors += file.getKey().endsWith("-factors.svg") ? 1 : 0;
        }
        assertEquals(1, timelines);
        assertEquals(1, factors);
        String timeline = report.files().entrySet().stream().filter(e -> e.getKey().endsWith("-timeline.svg"))
                .map(e -> new String(e.getValue(), StandardCharsets.UTF_8)).findFirst().orElseThrow();
        assertTrue(timeline.contains("Activity at P = 2"), "titled with its P");
        assertTrue(timeline.contains("time in the operation (ms)"));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** Unmodified code: no elision, so the bar shows algorithmic + scheduling as one grey part and adds up to P. */
    @Test
    void withoutAnElisionTheOverheadIsOnePart() {
        FamilyAnalysis f = Fixtures.family("demo.PlainSum.sum").times(10e-3, null, 12e-3).scaling(1, 2).build();
        List<Point> points = new ArrayList<>();
        for (Point p : f.points()) {
            Losses l = p.losses();
            Estimate overhead = Estimate.exact((12e-3 - 10e-3) / p.times().time().value());
            points.add(new Point(p.cores(), p.valid(), p.invalidBecause(), Disturbance.NONE,
                    new PointTimes(p.times().time(), p.times().idleTime(), null, p.times().workInflation()),
                    p.speedups(),
                    new Losses(null, null, l.idle(), l.inflation(), overhead),
                    p.shares(), p.factors(), null,
                    new PointConditions(p.conditions().oversubscribed(), p.conditions().pinned(), null, null, null)));
        }
        FamilyAnalysis unmodified = new FamilyAnalysis(f.id(),
                new ReferenceTimes(f.times().baselineTime(), null, f.times().oneCoreTime(), null, null),
                FamilyAnalysis.IDLE_ESTIMATED, points, null, null, null, null, null, f.explanation(),
                new Measurement(List.of(), f.measurement().environment(), f.measurement().configurations(), List.of()));
        String html = FactoredReport.render(new Analysis(Analysis.SCHEMA, "x.json", null, 42, 2000, 0.95, List.of(),
                List.of(unmodified))).bodyHtml();
        assertTrue(html.contains("is drawn as one grey part, so the bar still adds up to P"), html);
        assertFalse(html.contains("Left out of the bars because not measured"), "nothing is left out of the bars");
        assertTrue(html.contains("idle estimated"));
        assertTrue(html.contains("time off-CPU (I<sub>P</sub>/T<sub>P</sub>)"), "the text reads the chart's names");
        assertTrue(html.contains("Not measured: unmodified fork/join code has no span run"), html);
        assertFalse(html.contains("add <code>span</code> to the cores values"), "span cannot measure unmodified code");
        org.jfree.chart.plot.CategoryPlot plot = (org.jfree.chart.plot.CategoryPlot) ComponentsChart.create(unmodified)
                .getPlot();
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < plot.getFixedLegendItems().getItemCount(); i++) {
            legend.add(plot.getFixedLegendItems().get(i).getLabel());
        }
        // one name per loss (issue 43): the legend, the table's columns and the headline say the same
        assertTrue(legend.contains("one-worker overhead"), "the combined part is in the legend: " + legend);
        assertTrue(legend.contains("time off-CPU"), "estimated idle is named as the headline names it: " + legend);
        String table = html.substring(html.indexOf("fct-components"));
        table = table.substring(0, table.indexOf("</thead>"));
        assertTrue(table.contains("one-worker overhead</th>"), table);
        assertTrue(table.contains("time off-CPU</th>"), table);
        assertFalse(table.contains("algorithmic overhead</th>") || table.contains("scheduling overhead</th>"),
                "no column for the two losses the run could not tell apart: " + table);
    }
}
