package dev.factored.report.html;

import dev.factored.analysis.diagnosis.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Headline;
import dev.factored.analysis.model.Point;
import dev.factored.report.charts.ReportText;
import dev.factored.text.Numbers;
import dev.factored.text.Untrusted;
import java.util.List;

/** The table of all families, one row each, linking to the family's section. */
public final class SummaryTable {

    private SummaryTable() {
    }

    public static void write(StringBuilder html, List<FamilyAnalysis> families, List<String> names) {
        html.append("<table class=\"fct-table fct-summary\">\n<thead><tr><th>benchmark</th><th>largest valid P</th>"
                + "<th>actual speedup there</th><th>efficiency</th><th>biggest loss</th>"
                + "<th>headline</th></tr></thead>\n<tbody>\n");
        // families that differ only by mode would look alike: name the mode when there are several
        boolean showMode = families.stream().map(FamilyAnalysis::mode).distinct().count() > 1;
        for (int i = 0; i < families.size(); i++) {
            FamilyAnalysis family = families.get(i);
            Point largest = family.summaryPoint();
            Point measured = family.largestPoint();
            html.append("<tr><td><a href=\"#").append(FamilySection.anchor(names.get(i))).append("\">")
                    .append(Untrusted.html(ReportText.shortName(family.benchmark()))).append("</a>");
            String params = ReportText.params(family);
            if (showMode) {
                params = params.isEmpty() ? "mode " + family.mode() : params + "; mode " + family.mode();
            }
            if (!params.isEmpty()) {
                html.append("<br><span class=\"fct-params\">").append(Untrusted.html(params)).append("</span>");
            }
            html.append("</td>");
            if (largest == null) {
                html.append("<td class=\"fct-na\" colspan=\"4\">").append(Untrusted.html(family.noValidPointBecause()))
                        .append("</td>");
            } else {
                html.append("<td class=\"fct-num\">").append(largest.cores());
                if (measured != largest) {
                    html.append(" <span class=\"fct-tag\">P = ").append(measured.cores()).append(" not valid</span>");
                }
                html.append("</td>");
                html.append(cell(largest.speedups().actual() != null, Numbers.speedup(largest.speedups().actual())));
                html.append(cell(largest.efficiency() != null, Numbers.percent(largest.efficiency())));
                String loss = LossNames.biggestLoss(family, largest);
                html.append(cell(loss != null, loss == null ? Numbers.NOT_MEASURED : loss));
            }
            // The headline without caveats: a caveat of the whole run is said once, above the table.
            Headline headline = family.explanation().headline();
            html.append("<td>").append(Untrusted.html(headline != null ? headline.text()
                    : family.explanation().leadWithoutHeadline()));
            boolean tentative = headline != null ? headline.tentative()
                    : !family.explanation().findings().isEmpty() && family.explanation().findings().get(0).tentative();
            if (tentative) {
                html.append(" <span class=\"fct-tag\">tentative</span>");
            }
            int warnings = family.explanation().warnings().size();
            if (warnings > 0) {
                html.append(" <span class=\"fct-tag\">").append(warnings)
                        .append(warnings == 1 ? " note" : " notes").append("</span>");
            }
            html.append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    /** A number's cell, greyed where it was not measured. */
    private static String cell(boolean measured, String text) {
        String css = measured ? "fct-num" : "fct-num fct-na";
        return "<td class=\"" + css + "\">" + Untrusted.html(text) + "</td>";
    }
}
