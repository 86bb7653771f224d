package dev.factored.report.html;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.IdleSplit;
import dev.factored.analysis.model.point.Point;

/** Where the idle time I_P comes from, per P: the analysis's split into startup, serial, tail and other. */
final class IdleSplitTable {

    private IdleSplitTable() {
    }

    static boolean any(FamilyAnalysis family) {
        return family.points().stream().anyMatch(p -> p.idleSplit() != null);
    }

    static void write(Html html, FamilyAnalysis family) {
        html.trusted("<h3 class=\"fct-h\">Where the idle time comes from</h3>\n");
        html.trusted("<p class=\"fct-muted\">").append(Explanations.idleSplit()).trusted("</p>\n");
        boolean handBack = family.points().stream().anyMatch(p -> p.idleSplit() != null && p.idleSplit().handBack() != null);
        html.trusted("<table class=\"fct-table fct-idle-split\">\n<thead><tr><th>P</th><th>idle I<sub>P</sub></th>"
                + "<th>startup</th><th>serial</th><th>tail</th><th>other</th>")
                .trusted(handBack ? "<th>hand-back</th>" : "")
                .trusted("<th>sampled operations</th></tr></thead>\n<tbody>\n");
        for (Point p : family.points()) {
            IdleSplit s = p.idleSplit();
            if (s == null) {
                continue;
            }
            html.trusted("<tr><td class=\"fct-num\">").text(p.cores()).trusted(p.valid() ? "" : " (not valid)")
                    .trusted("</td>");
            cell(html, TimesTables.time(p.times().idleTime()));
            cell(html, TimesTables.time(s.startup()));
            cell(html, TimesTables.time(s.serial()));
            cell(html, TimesTables.time(s.tail()));
            cell(html, TimesTables.time(s.other()));
            if (handBack) {
                cell(html, TimesTables.time(s.handBack()));
            }
            cell(html, new NumberCell(Integer.toString(s.operations()), true));
            html.trusted("</tr>\n");
        }
        html.trusted("</tbody>\n</table>\n");
    }

    /** Every cell of the split is written as a number, measured or not (a row exists only where the split was). */
    private static void cell(Html html, NumberCell cell) {
        html.trusted("<td class=\"fct-num\">").text(cell.text()).trusted("</td>");
    }
}
