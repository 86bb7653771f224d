package dev.factored.report.html;

import dev.factored.analysis.model.Sweep;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.report.charts.SweepChart;
import java.util.Map;

/** One sweep: its chart, the advice the analysis gave, and links to the families it compares. */
public final class SweepSection {

    private SweepSection() {
    }

    /** @param names the safe name of every family of the report, by its key */
    public static void write(Html html, Sweep sweep, String image, Map<FamilyId, String> names) {
        html.trusted("<section class=\"fct-sweep\">\n<h3 class=\"fct-h\">").text(sweep.title())
                .trusted("</h3>\n");
        FamilySection.figure(html, image, SweepChart.WIDTH, SweepChart.HEIGHT, "Sweep of " + sweep.title(),
                Explanations.sweepChart(sweep.param(), sweep.cores()));
        html.trusted("<ul class=\"fct-advice\">\n");
        for (String sentence : sweep.advice()) {
            html.trusted("<li>").text(sentence).trusted("</li>\n");
        }
        html.trusted("</ul>\n<p class=\"fct-muted\">Families: ");
        String sep = "";
        for (Sweep.Step step : sweep.steps()) {
            String name = names.get(sweep.family(step));
            if (name != null) {
                html.trusted(sep).element("a", sweep.param() + " = " + step.value(), "href", "#" + FamilySection.anchor(name));
                sep = ", ";
            }
        }
        html.trusted("</p>\n</section>\n");
    }
}
