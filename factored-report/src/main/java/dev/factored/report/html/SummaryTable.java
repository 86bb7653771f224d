package dev.factored.report.html;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.finding.Headline;
import dev.factored.analysis.model.point.Point;
import dev.factored.report.charts.ReportText;
import dev.factored.text.Numbers;
import java.util.List;

/** The table of all families, one row each, linking to the family's section. */
public final class SummaryTable {

    private SummaryTable() {
    }

    public static void write(Html html, List<FamilyAnalysis> families, List<String> names) {
        html.trusted("<table class=\"fct-table fct-summary\">\n<thead><tr><th>benchmark</th><th>largest valid P</th>"
                + "<th>actual speedup there</th><th>efficiency</th><th>biggest loss</th>"
                + "<th>headline</th></tr></thead>\n<tbody>\n");
        // families that differ only by mode would look alike: name the mode when there are several
        boolean showMode = families.stream().map(f -> f.id().mode()).distinct().count() > 1;
        for (int i = 0; i < families.size(); i++) {
            FamilyAnalysis family = families.get(i);
            Point largest = family.summaryPoint();
            Point measured = family.largestPoint();
            html.trusted("<tr><td>").element("a", ReportText.shortName(family.id().benchmark()), "href",
                    "#" + FamilySection.anchor(names.get(i)));
            String params = ReportText.params(family);
            if (showMode) {
                params = params.isEmpty() ? "mode " + family.id().mode() : params + "; mode " + family.id().mode();
            }
            if (!params.isEmpty()) {
                html.trusted("<br><span class=\"fct-params\">").text(params).trusted("</span>");
            }
            html.trusted("</td>");
            if (largest == null) {
                html.trusted("<td class=\"fct-na\" colspan=\"4\">").text(family.noValidPointBecause())
                        .trusted("</td>");
            } else {
                html.trusted("<td class=\"fct-num\">").text(largest.cores());
                if (measured != largest) {
                    html.trusted(" <span class=\"fct-tag\">P = ").text(measured.cores()).trusted(" not valid</span>");
                }
                html.trusted("</td>");
                html.append(cell(largest.speedups().actual() != null, Numbers.speedup(largest.speedups().actual())));
                html.append(cell(largest.shares().efficiency() != null,
                        Numbers.percent(largest.shares().efficiency())));
                // words with numbers in them: a text column, which wraps where the page needs it to
                String loss = LossNames.biggestLoss(family, largest);
                html.append(loss == null ? new Html().element("td", Numbers.NOT_MEASURED, "class", "fct-na")
                        : new Html().element("td", loss));
            }
            // The headline without caveats: a caveat of the whole run is said once, above the table.
            Headline headline = family.explanation().headline();
            html.trusted("<td>").text(headline != null ? headline.text()
                    : family.explanation().leadWithoutHeadline());
            boolean tentative = headline != null ? headline.tentative()
                    : !family.explanation().findings().isEmpty() && family.explanation().findings().get(0).tentative();
            if (tentative) {
                html.trusted(" <span class=\"fct-tag\">tentative</span>");
            }
            int warnings = family.explanation().warnings().size();
            if (warnings > 0) {
                html.trusted(" <span class=\"fct-tag\">").text(warnings)
                        .trusted(warnings == 1 ? " note" : " notes").trusted("</span>");
            }
            html.trusted("</td></tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");
    }

    /** A number's cell, greyed where it was not measured. */
    private static Html cell(boolean measured, String text) {
        return new NumberCell(text, measured).td();
    }
}
