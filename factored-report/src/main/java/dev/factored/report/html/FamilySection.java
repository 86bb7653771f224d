package dev.factored.report.html;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.finding.Finding;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.finding.Severity;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.CoresAxis;
import dev.factored.report.charts.FactorsChart;
import dev.factored.report.charts.ReportText;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.charts.TimelineChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The section of one family: diagnosis, the two charts, the numbers behind them, the environment. */
public final class FamilySection {

    /** The kinds of chart a family can have, as they appear in image file names. */
    public static final String SPEEDUP = "speedup";
    public static final String COMPONENTS = "components";
    public static final String FACTORS = "factors";
    public static final String TIMELINE = "timeline";

    private FamilySection() {
    }

    /**
     * @param name   the family's safe name (anchor and file names derive from it)
     * @param images relative paths of the family's charts by kind; the speedup and components charts are there
     *               whenever the family has a point
     */
    public static void write(Html html, FamilyAnalysis family, String name, double confidence,
            Map<String, String> images) {
        List<Point> points = family.points();
        html.open("section", "class", "fct-family", "id", anchor(name)).line();
        html.open("h2", "class", "fct-h").text(ReportText.shortName(family.id().benchmark()));
        String params = ReportText.params(family);
        if (!params.isEmpty()) {
            html.trusted(" ").element("span", "(" + params + ")", "class", "fct-params");
        }
        html.close("h2").line().open("p", "class", "fct-muted").element("code", family.id().benchmark())
                .trusted(" \u00b7 mode ").element("code", family.id().mode()).trusted(" \u00b7 ")
                .trusted(idleSource(family.idleSource()))
                .trusted("<a class=\"fct-top\" href=\"#fct-summary\">back to the summary</a></p>\n");

        writeDiagnosis(html, family);

        if (points.isEmpty()) {
            html.trusted("<p class=\"fct-na\">No parallel configuration (cores = 1, 2, \u2026) was measured for this "
                    + "family, so there is no speedup to chart.</p>\n");
        } else {
            boolean log = CoresAxis.useLog(points.get(0).cores(), points.get(points.size() - 1).cores());
            figure(html, images.get(SPEEDUP), SpeedupChart.WIDTH, SpeedupChart.HEIGHT,
                    "Factored speedup chart of " + ReportText.title(family),
                    Explanations.speedupChart(log).append(missing(points, SpeedupChart.LINES.stream()
                            .skip(1).map(c -> new Named(c.key() + " curve",
                                    p -> c.value().apply(p.speedups())))
                            .toList(), "Absent because not measured: ", ".")));
            figure(html, images.get(COMPONENTS), ComponentsChart.WIDTH, ComponentsChart.HEIGHT,
                    "Speedup components chart of " + ReportText.title(family),
                    Explanations.componentsChart(points.stream().anyMatch(p -> p.losses().overhead() != null),
                            points.stream().anyMatch(p -> p.losses().interference() != null),
                            points.stream().anyMatch(p -> p.losses().ownWaiting() != null), estimated(family))
                            .append(missing(points, ComponentsChart.SPLIT_PARTS.stream()
                            .map(part -> new Named(ComponentsChart.name(part, estimated(family)),
                                    p -> ComponentsChart.drawn(part, p))).toList(),
                            "Left out of the bars because not measured (so those bars do not add up to P): ", ".")));
            if (images.containsKey(FACTORS)) {
                figure(html, images.get(FACTORS), FactorsChart.WIDTH, FactorsChart.HEIGHT,
                        "Roth's factors of " + ReportText.title(family), Explanations.factorsChart());
            }
        }
        if (images.containsKey(TIMELINE)) {
            figure(html, images.get(TIMELINE), TimelineChart.WIDTH, TimelineChart.height(family.timeline()),
                    "Activity timeline of " + ReportText.title(family) + " at P = " + family.timeline().cores(),
                    Explanations.timeline());
        }

        TimesTables.write(html, family, confidence);
        if (IdleSplitTable.any(family)) {
            IdleSplitTable.write(html, family);
        }
        ProfileTable.write(html, family);
        ScalingTable.write(html, family.scalingModels());
        ProjectionTable.write(html, family.projection());
        EnvironmentSection.write(html, family);
        html.close("section").line();
    }

    /** The id of a family's section, from its safe name. */
    static String anchor(String safeName) {
        return "fct-" + safeName;
    }

    /** Whether the family's idle time was estimated from CPU time, which names it differently. */
    static boolean estimated(FamilyAnalysis family) {
        return FamilyAnalysis.IDLE_ESTIMATED.equals(family.idleSource());
    }

    /** How the idle time was measured, as the analysis says: counted or estimated (unmodified code). */
    private static String idleSource(String source) {
        if (FamilyAnalysis.IDLE_ESTIMATED.equals(source)) {
            return "<span class=\"fct-tag fct-tentative\">idle estimated</span> from the threads' CPU time "
                    + "(unmodified fork/join code) \u00b7 ";
        }
        if (FamilyAnalysis.IDLE_INSTRUMENTED.equals(source)) {
            return "idle counted by the instrumented pool \u00b7 ";
        }
        return "";
    }

    /** Statements shown after the headline; the rest is behind a details element. */
    static final int SHOWN = 3;

    /**
     * The headline first, then at most {@link #SHOWN} statements (the causes, then the data-quality notes), the rest
     * folded in a details element. A statement's caveat is not repeated in it: a tag says "tentative" and carries the
     * caveat as its title; a caveat of the whole run is said once at the top of the report.
     */
    private static void writeDiagnosis(Html html, FamilyAnalysis family) {
        Explanation e = family.explanation();
        List<Finding> statements = new ArrayList<>(e.all());
        boolean any = e.headline() != null || !statements.isEmpty();
        if (!any && !e.diagnosis().isEmpty()) { // an analysis.json from before findings existed
            html.trusted("<div class=\"fct-diagnosis\">\n");
            for (String sentence : e.diagnosis()) {
                html.element("p", sentence).line();
            }
            html.trusted("</div>\n");
            legacyWarnings(html, e);
            return;
        }
        if (!any) {
            legacyWarnings(html, e);
            return;
        }
        html.trusted("<div class=\"fct-diagnosis\">\n");
        Headline headline = e.headline();
        if (headline != null) {
            html.open("p", "class", "fct-headline").element("strong", headline.text());
            if (headline.tentative()) {
                html.trusted(" <span class=\"fct-tag fct-tentative\">tentative</span>");
            }
            html.trusted("</p>\n");
            statements.removeIf(f -> f.kind().equals(headline.kind()));
        }
        int shown = Math.min(SHOWN, statements.size());
        for (Finding finding : statements.subList(0, shown)) {
            statement(html, finding);
        }
        if (statements.size() > shown) {
            int rest = statements.size() - shown;
            html.trusted("<details class=\"fct-details\"><summary>").text(rest)
                    .trusted(rest == 1 ? " more statement" : " more statements").trusted("</summary>\n");
            for (Finding finding : statements.subList(shown, statements.size())) {
                statement(html, finding);
            }
            html.trusted("</details>\n");
        }
        html.trusted("</div>\n");
        legacyWarnings(html, e);
    }

    /** Warnings of a file from before they were findings (texts only, no notes): said as they were, apart. */
    private static void legacyWarnings(Html html, Explanation e) {
        if (!e.notes().isEmpty() || e.warnings().isEmpty()) {
            return;
        }
        html.trusted("<div class=\"fct-warnings\"><strong>\u26a0 ").trusted(e.warnings().size() == 1 ? "Warning" : "Warnings")
                .trusted("</strong> \u2014 these limit how far the numbers can be trusted:\n<ul>\n");
        for (String warning : e.warnings()) {
            html.element("li", warning).line();
        }
        html.trusted("</ul>\n</div>\n");
    }

    private static void statement(Html html, Finding finding) {
        boolean note = finding.severity() == Severity.WARNING;
        html.open("p", "class", "fct-finding fct-" + finding.severity().id());
        if (note) {
            html.trusted("<span class=\"fct-tag\">\u26a0 note</span> ");
        } else if (finding.severity() != Severity.INFO) {
            html.element("span", finding.severity().id(), "class", "fct-tag").trusted(" ");
        }
        if (finding.tentative()) {
            if (finding.caveat() != null) {
                html.open("span", "class", "fct-tag fct-tentative", "title", finding.caveat());
            } else {
                html.open("span", "class", "fct-tag fct-tentative");
            }
            html.trusted("tentative</span> ");
        }
        html.text(finding.statement()).trusted("</p>\n");
    }

    static void figure(Html html, String image, int width, int height, String alt, Html caption) {
        html.trusted("<figure class=\"fct-figure\">").open("img", "src", image, "width", Integer.toString(width),
                "height", Integer.toString(height), "alt", alt).line()
                .open("figcaption").append(caption).close("figcaption").close("figure").line();
    }

    record Named(String name, Function<Point, Estimate> value) {
    }

    /** A sentence naming what is missing and at which P, or empty when everything was measured. */
    static Html missing(List<Point> points, List<Named> quantities, String prefix, String suffix) {
        List<String> parts = new ArrayList<>();
        for (Named quantity : quantities) {
            List<Integer> absent = new ArrayList<>();
            for (Point point : points) {
                Estimate e = quantity.value().apply(point);
                if (e == null || !Double.isFinite(e.value())) {
                    absent.add(point.cores());
                }
            }
            if (absent.size() == points.size()) {
                parts.add(quantity.name() + " (all P)");
            } else if (!absent.isEmpty()) {
                parts.add(quantity.name() + " (P = " + String.join(", ", absent.stream().map(String::valueOf).toList())
                        + ")");
            }
        }
        if (parts.isEmpty()) {
            return new Html();
        }
        return new Html().trusted(" ").element("em", prefix + String.join("; ", parts) + suffix);
    }
}
