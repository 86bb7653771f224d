package dev.factored.report;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.report.charts.ComponentsChart;
import dev.factored.report.charts.FactorsChart;
import dev.factored.report.charts.SpeedupChart;
import dev.factored.report.charts.SweepChart;
import dev.factored.report.charts.TimelineChart;
import dev.factored.report.html.FamilySection;
import dev.factored.report.html.Html;
import dev.factored.report.html.ReportStyle;
import dev.factored.report.html.SummaryTable;
import dev.factored.report.html.SweepSection;
import dev.factored.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The presentation room's entry point: turns an {@link Analysis} into an HTML report with charts.
 * Reads nothing but the analysis records.
 */
public final class FactoredReport {

    /** Folder of the images, relative to the page. */
    public static final String IMAGE_DIR = "factored";

    private FactoredReport() {
    }

    /**
     * Renders the report as an HTML fragment for a Doxia sink's {@code rawText} (no {@code <html>} or
     * {@code <head>}; its CSS is scoped to {@code .fct-report}) plus the SVG charts it refers to by
     * relative paths such as {@code factored/sortbench-sort-1000-3f2a9c1e-speedup.svg}.
     */
    public static RenderedReport render(Analysis analysis) {
        return render(analysis, ImageFormat.SVG);
    }

    /** As {@link #render(Analysis)}, with the charts in the given format. */
    public static RenderedReport render(Analysis analysis, ImageFormat format) {
        List<FamilyAnalysis> families = analysis.families();
        SafeNames safeNames = new SafeNames();
        List<String> names = new ArrayList<>(families.size());
        for (FamilyAnalysis family : families) {
            names.add(safeNames.next(family));
        }

        Map<String, byte[]> files = new LinkedHashMap<>();
        Html html = new Html(8192 + families.size() * 8192);
        html.trusted("<div class=\"fct-report\">\n<style>\n").trusted(ReportStyle.css()).trusted("</style>\n");
        writeIntroduction(html, analysis, families.size());
        html.trusted("<h2 class=\"fct-h\" id=\"fct-summary\">Summary</h2>\n");
        SummaryTable.write(html, families, names);

        List<Sweep> sweeps = analysis.sweeps();
        // A merged analysis holds a family once per host: each sweep reads its own host's.
        List<Map<FamilyId, FamilyAnalysis>> byId = new ArrayList<>();
        List<Map<FamilyId, String>> nameById = new ArrayList<>();
        for (Sweep sweep : sweeps) {
            Map<FamilyId, FamilyAnalysis> members = new LinkedHashMap<>();
            Map<FamilyId, String> memberNames = new LinkedHashMap<>();
            for (int i = 0; i < families.size(); i++) {
                if (sweep.holds(families.get(i))) {
                    members.putIfAbsent(families.get(i).id(), families.get(i));
                    memberNames.putIfAbsent(families.get(i).id(), names.get(i));
                }
            }
            byId.add(members);
            nameById.add(memberNames);
        }
        // Charts are independent and the costly part: render them on all cores, then write the HTML in order.
        List<Map<String, byte[]>> charts = new ArrayList<>(Collections.nCopies(families.size(), null));
        byte[][] sweepCharts = new byte[sweeps.size()][];
        IntStream.range(0, families.size() + sweeps.size()).parallel().forEach(i -> {
            if (i < families.size()) {
                charts.set(i, charts(families.get(i), analysis.confidence(), format));
            } else {
                Sweep sweep = sweeps.get(i - families.size());
                sweepCharts[i - families.size()] = format.render(SweepChart.create(sweep,
                        byId.get(i - families.size())), SweepChart.WIDTH,
                        SweepChart.HEIGHT);
            }
        });

        if (!sweeps.isEmpty()) {
            html.trusted("<h2 class=\"fct-h\" id=\"fct-sweeps\">Sweeps</h2>\n");
            for (int i = 0; i < sweeps.size(); i++) {
                String image = IMAGE_DIR + "/sweep-" + (i + 1) + "." + format.extension();
                files.put(image, sweepCharts[i]);
                SweepSection.write(html, sweeps.get(i), image, nameById.get(i));
            }
        }

        // Results merged from several host classes: one section per host, never a family across them.
        boolean severalHosts = families.stream().map(FactoredReport::hostOf).distinct().count() > 1;
        String sectionHost = null;
        int hostSections = 0;
        for (int i = 0; i < families.size(); i++) {
            String host = hostOf(families.get(i));
            if (severalHosts && (hostSections == 0 || !java.util.Objects.equals(host, sectionHost))) {
                sectionHost = host;
                hostSections++;
                html.element("h2", "Host: " + (host == null ? "not recorded" : host), "class", "fct-h", "id",
                        "fct-host-" + hostSections).line();
            }
            Map<String, String> images = new LinkedHashMap<>();
            for (Map.Entry<String, byte[]> chart : charts.get(i).entrySet()) {
                String image = IMAGE_DIR + "/" + names.get(i) + "-" + chart.getKey() + "." + format.extension();
                files.put(image, chart.getValue());
                images.put(chart.getKey(), image);
            }
            FamilySection.write(html, families.get(i), names.get(i), analysis.confidence(), images);
        }
        html.trusted("</div>\n");
        return new RenderedReport(html.toString(), files);
    }

    /** The host class a family was measured on, null when its run did not record it. */
    private static String hostOf(FamilyAnalysis family) {
        return family.measurement().environment() == null ? null : family.measurement().environment().hostClass();
    }

    /** The charts of a family by kind ({@link FamilySection}'s names); none when it has no point to chart. */
    private static Map<String, byte[]> charts(FamilyAnalysis family, double confidence, ImageFormat format) {
        Map<String, byte[]> charts = new LinkedHashMap<>();
        if (family.points().isEmpty()) {
            return charts;
        }
        charts.put(FamilySection.SPEEDUP, format.render(SpeedupChart.create(family, confidence), SpeedupChart.WIDTH,
                SpeedupChart.HEIGHT));
        charts.put(FamilySection.COMPONENTS, format.render(ComponentsChart.create(family), ComponentsChart.WIDTH,
                ComponentsChart.HEIGHT));
        if (FactorsChart.any(family)) {
            charts.put(FamilySection.FACTORS, format.render(FactorsChart.create(family), FactorsChart.WIDTH,
                    FactorsChart.HEIGHT));
        }
        if (family.timeline() != null) {
            charts.put(FamilySection.TIMELINE, format.render(TimelineChart.create(family), TimelineChart.WIDTH,
                    TimelineChart.height(family.timeline())));
        }
        return charts;
    }

    /**
     * Writes a complete, self-contained page: {@code dir/index.html} and the images under
     * {@code dir/factored/}. Creates {@code dir} if needed.
     *
     * @return the path of index.html
     */
    public static Path writeStandalone(Analysis analysis, Path dir) throws IOException {
        return writeStandalone(analysis, dir, ImageFormat.SVG);
    }

    /** As {@link #writeStandalone(Analysis, Path)}, with the charts in the given format. */
    public static Path writeStandalone(Analysis analysis, Path dir, ImageFormat format) throws IOException {
        RenderedReport report = render(analysis, format);
        Path root = report.writeFiles(dir);
        Path index = root.resolve("index.html");
        Files.writeString(index, page(report.bodyHtml()), StandardCharsets.UTF_8);
        return index;
    }

    static String page(String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>factored \u2014 where did the speedup go?</title>\n"
                + "<style>body{margin:24px auto;padding:0 24px;max-width:1100px;background:#fff}"
                + "h1{font-family:\"DejaVu Sans\",-apple-system,\"Segoe UI\",Roboto,Helvetica,Arial,sans-serif;"
                + "font-size:1.8em;color:#222;margin:0 0 .3em}</style>\n</head>\n<body>\n"
                + "<h1>Factored speedups: where did the speedup go?</h1>\n" + body + "</body>\n</html>\n";
    }

    private static void writeIntroduction(Html html, Analysis analysis, int familyCount) {
        boolean anyElision = analysis.families().stream().anyMatch(f -> f.times().elisionTime() != null);
        html.trusted("<p>").text(familyCount).trusted(familyCount == 1 ? " benchmark family" : " benchmark families")
                .trusted(", each measured sequentially (baseline)")
                .trusted(anyElision ? ", with its fork/join calls elided where the code allows it," : "")
                .trusted(" and on 1\u2026P workers. Speedups are relative to the sequential baseline; the factored speedup curves "
                        + "and speedup components show where the rest of the ideal speedup P was lost. "
                        + "Intervals in brackets are ")
                .text(Numbers.plain(analysis.confidence() * 100)).trusted("% bootstrap confidence intervals (")
                .text(analysis.resamples()).trusted(" resamples, seed ").text(analysis.seed()).trusted(").");
        if (analysis.source() != null) {
            html.trusted(" Source: ").element("code", analysis.source()).trusted(".");
        }
        html.trusted("</p>\n");
        writeFailed(html, analysis.failedConfigurations());
        List<String> warnings = analysis.warnings();
        if (!warnings.isEmpty()) {
            html.trusted("<div class=\"fct-warnings\"><strong>\u26a0 About the whole result file</strong>\n<ul>\n");
            for (String warning : warnings) {
                html.element("li", warning).line();
            }
            html.trusted("</ul>\n</div>\n");
        }
    }

    /**
     * Every configuration that failed in the run, with why, before anything measured: the report covers the others,
     * and a family short of one also says so among its warnings.
     */
    static void writeFailed(Html html, List<FailedConfiguration> failed) {
        if (failed.isEmpty()) {
            return;
        }
        html.trusted("<div class=\"fct-warnings\" id=\"fct-failed\"><strong>\u26a0 ").text(failed.size())
                .trusted(failed.size() == 1 ? " configuration" : " configurations")
                .trusted(" failed in the run, so not measured; the report covers the others</strong>\n<ul>\n");
        for (FailedConfiguration f : failed) {
            html.element("li", f.describe()).line();
        }
        html.trusted("</ul>\n</div>\n");
    }
}
