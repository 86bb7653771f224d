package dev.factored.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A number's cell may wrap only before its interval or its reason, never inside a value or an interval. */
class NumberCellTest {

    private static final String NBSP = "\u00a0";

    @Test
    void aLineBreaksOnlyBeforeTheIntervalOrTheReason() {
        assertEquals("<td class=\"fct-num\">1.63x [1.14," + NBSP + "2.22]" + NBSP + "\u2020</td>",
                new NumberCell("1.63x [1.14, 2.22] \u2020", true).td().toString());
        assertEquals("<td class=\"fct-num\">0.0% (none" + NBSP + "measured)</td>",
                new NumberCell("0.0% (none measured)", true).td().toString());
        assertEquals("<td class=\"fct-num fct-na\">not" + NBSP + "measured</td>",
                new NumberCell("not measured", false).td().toString());
        assertEquals("12.3" + NBSP + "\u00b5s [12.1," + NBSP + "12.5]",
                NumberCell.breakingBeforeBounds("12.3 \u00b5s [12.1, 12.5]"));
    }
}
