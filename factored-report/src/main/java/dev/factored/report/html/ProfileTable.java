package dev.factored.report.html;

import dev.factored.analysis.model.Bound;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.text.Numbers;

/**
 * Cilkview's parallelism profile of a family (METHOD.md §5), from the span run: work, span, parallelism,
 * burdened parallelism, spawns and the average strand, then the bounds at powers of two. Every number is
 * the analysis's own; nothing is derived here.
 */
public final class ProfileTable {

    private ProfileTable() {
    }

    public static void write(Html html, FamilyAnalysis family) {
        html.trusted("<h3 class=\"fct-h\">Parallelism profile (cores=span)</h3>\n");
        if (family.profile().work() == null && FamilyAnalysis.IDLE_ESTIMATED.equals(family.idleSource())) {
            // A span run times the strands of the task API; unmodified code has none, so asking for span would not help.
            html.trusted("<p class=\"fct-na\">Not measured: unmodified fork/join code has no span run (the span is "
                    + "timed through the task API: cores.invoke or cores.parallelFor), so neither the work and span "
                    + "of its task dag nor the bounds on the speedup at any P are known.</p>\n");
            return;
        }
        if (family.profile().work() == null) {
            html.trusted("<p class=\"fct-na\">Not measured: add <code>span</code> to the cores values to measure the "
                    + "work, the span and the burdened span of the task dag in one instrumented serial run, and the "
                    + "bounds on the speedup at any P.</p>\n");
            return;
        }
        html.trusted("<p class=\"fct-muted\">One serial run of the elision with every strand (the code between two "
                + "fork/join points) timed. The burden is the cost of one steal and migration, measured on this "
                + "machine and added to every forked task as if it were stolen.</p>\n");
        html.trusted("<table class=\"fct-table fct-profile\">\n<thead><tr><th>quantity</th><th>value</th></tr>"
                + "</thead>\n<tbody>\n");
        row(html, "T<sub>1</sub> work (all strands)", TimesTables.time(family.profile().work()));
        row(html, "T<sub>\u221e</sub> span (longest chain of strands)", TimesTables.time(family.profile().span()));
        row(html, "T\u0302<sub>\u221e</sub> burdened span", TimesTables.time(family.profile().burdenedSpan()));
        row(html, "parallelism T<sub>1</sub>/T<sub>\u221e</sub>", TimesTables.speedup(family.profile().parallelism()));
        row(html, "burdened parallelism T<sub>1</sub>/T\u0302<sub>\u221e</sub>",
                TimesTables.speedup(family.profile().burdenedParallelism()));
        row(html, "spawns per operation", NumberCell.plain(family.profile().spawns() == null ? null
                : Numbers.digits(family.profile().spawns().value())));
        row(html, "average strand (work / strands)", TimesTables.time(family.profile().averageStrand()));
        row(html, "burden per forked task (one steal, measured)", NumberCell.plain(family.profile().burden() == null
                ? null : Numbers.time(family.profile().burden().value())));
        html.trusted("</tbody>\n</table>\n");
        if (family.profile().bounds().isEmpty()) {
            html.trusted("<p class=\"fct-na\">No bounds: they are speedups over T<sub>s</sub> and need "
                    + "<code>cores=baseline</code> and <code>cores=1</code>.</p>\n");
            return;
        }
        html.trusted("<p class=\"fct-muted\">Bounds on the speedup over T<sub>s</sub> (bound, not measured): "
                + "upper = (T<sub>s</sub>/T<sub>1</sub>)\u00b7min(P, parallelism), lower = (T<sub>s</sub>/T<sub>1"
                + "</sub>) / (1/P + (1 \u2212 1/P)\u00b71.7/burdened parallelism).</p>\n");
        html.trusted("<table class=\"fct-table fct-bounds\">\n<thead><tr><th>P</th><th>lower bound</th>"
                + "<th>upper bound</th></tr></thead>\n<tbody>\n");
        int last = family.profile().bounds().get(family.profile().bounds().size() - 1).cores();
        for (int p = 1; p <= last; p *= 2) {
            Bound b = family.profile().bound(p);
            if (b != null) {
                html.trusted("<tr><td class=\"fct-num\">").text(p).trusted("</td>")
                        .append(TimesTables.speedup(b.lower()).td()).append(TimesTables.speedup(b.upper()).td())
                        .trusted("</tr>\n");
            }
        }
        html.trusted("</tbody>\n</table>\n");
    }

    private static void row(Html html, String quantity, NumberCell value) {
        html.trusted("<tr><td>").trusted(quantity).trusted("</td>").append(value.td()).trusted("</tr>\n");
    }
}
