package dev.factored.report.html;

import dev.factored.analysis.model.FamilyId;
import dev.factored.analysis.model.Sweep;
import dev.factored.report.charts.SweepChart;
import dev.factored.text.Untrusted;
import java.util.Map;

/** One sweep: its chart, the advice the analysis gave, and links to the families it compares. */
public final class SweepSection {

    private SweepSection() {
    }

    /** @param names the safe name of every family of the report, by its key */
    public static void write(StringBuilder html, Sweep sweep, String image, Map<FamilyId, String> names) {
        html.append("<section class=\"fct-sweep\">\n<h3 class=\"fct-h\">").append(Untrusted.html(sweep.title()))
                .append("</h3>\n");
        html.append("<figure class=\"fct-figure\"><img src=\"").append(Untrusted.html(image)).append("\" width=\"")
                .append(SweepChart.WIDTH).append("\" height=\"").append(SweepChart.HEIGHT).append("\" alt=\"")
                .append(Untrusted.html("Sweep of " + sweep.title())).append("\">\n<figcaption>")
                .append(Explanations.sweepChart(sweep.param(), sweep.cores())).append("</figcaption></figure>\n");
        html.append("<ul class=\"fct-advice\">\n");
        for (String sentence : sweep.advice()) {
            html.append("<li>").append(Untrusted.html(sentence)).append("</li>\n");
        }
        html.append("</ul>\n<p class=\"fct-muted\">Families: ");
        String sep = "";
        for (Sweep.Step step : sweep.steps()) {
            String name = names.get(sweep.family(step));
            if (name != null) {
                html.append(sep).append("<a href=\"#").append(FamilySection.anchor(name)).append("\">")
                        .append(Untrusted.html(sweep.param() + " = " + step.value())).append("</a>");
                sep = ", ";
            }
        }
        html.append("</p>\n</section>\n");
    }
}
