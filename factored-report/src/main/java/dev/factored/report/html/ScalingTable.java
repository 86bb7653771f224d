package dev.factored.report.html;

import dev.factored.analysis.model.ScalingModels;
import dev.factored.text.Numbers;

/**
 * The fitted scaling models of a family (method.md, "Scaling models"): Amdahl's serial fraction, USL's contention
 * and coherency with the peak they predict, and Karp–Flatt's serial fraction at every fitted P. Every number is the
 * analysis's own; nothing is fitted here.
 */
public final class ScalingTable {

    private ScalingTable() {
    }

    public static void write(Html html, ScalingModels models) {
        html.trusted("<h3 class=\"fct-h\">Scaling models</h3>\n");
        if (models == null) {
            html.trusted("<p class=\"fct-na\">Not fitted: the analysis that wrote this file did not fit them.</p>\n");
            return;
        }
        if (!models.fitted()) {
            html.trusted("<p class=\"fct-na\">Not fitted: ").text(models.notFittedBecause())
                    .trusted(".</p>\n");
            return;
        }
        html.trusted("<p class=\"fct-muted\">Fitted to the valid points P = ")
                .text(String.join(", ", models.fittedTo().stream().map(String::valueOf).toList()))
                .trusted(", scaled from T<sub>1</sub>: USL's speedup is (T<sub>s</sub>/T<sub>1</sub>)\u00b7P / (1 + "
                        + "\u03c3(P \u2212 1) + \u03baP(P \u2212 1)), Amdahl's the same with \u03ba = 0. Intervals from "
                        + "the same bootstrap as every other estimate. Beyond the largest fitted P the curves on the "
                        + "chart are an extrapolation, not a measurement.</p>\n");
        html.trusted("<table class=\"fct-table fct-scaling\">\n<thead><tr><th>quantity</th><th>value</th></tr>"
                + "</thead>\n<tbody>\n");
        row(html, "Amdahl serial fraction f", Numbers.percent(models.amdahl()));
        row(html, "USL contention \u03c3 (work that serializes)", Numbers.percent(models.contention()));
        row(html, "USL coherency \u03ba (cost per pair of workers)", Numbers.coefficient(models.coherency()));
        row(html, "USL peak (P of the highest speedup)", models.peak() == null
                ? "none predicted (\u03ba \u2264 0 on some replicate)" : Numbers.coefficient(models.peak()));
        for (ScalingModels.KarpFlatt e : models.karpFlatt()) {
            row(html, "Karp\u2013Flatt serial fraction e(" + e.cores() + ")", Numbers.percent(e.serialFraction()));
        }
        html.trusted("</tbody>\n</table>\n");
    }

    private static void row(Html html, String quantity, String value) {
        html.trusted("<tr><td>").trusted(quantity).trusted("</td><td class=\"fct-num\">").text(value)
                .trusted("</td></tr>\n");
    }
}
