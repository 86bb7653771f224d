package dev.factored.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The console builder escapes every text exactly as {@link Untrusted#console} does, and writes a control character
 * only where it is asked for a line break. In the expected strings a doubled backslash before {@code u} is the literal
 * escape text (six characters), a single one is a Java escape of the character itself.
 */
class ConsoleTextTest {

    /** A terminal escape (red), a carriage return that would overwrite the line, a right-to-left override. */
    private static final String HOSTILE = "b.Bench.run\u001B[31m(p=\rx\u202Eexe.txt)\n";
    private static final String ESCAPED = "b.Bench.run\\u001B[31m(p=\\u000Dx\\u202Eexe.txt)\\u000A";

    @Test
    void aHostileNameIsEscapedAsUntrustedEscapesIt() {
        assertEquals(ESCAPED, Untrusted.console(HOSTILE), "the escape this builder must keep");
        assertEquals("[factored] " + ESCAPED, ConsoleText.of("[factored] ").text(HOSTILE).toString());
        assertEquals(ESCAPED, ConsoleText.of(HOSTILE).toString());
    }

    @Test
    void fixedWordsAndNumbersAreWrittenAsTheyAre() {
        String line = ConsoleText.of("[factored] ").text(3).text(" of ").text(-12L).text(" \u00b1 5 % \u2192 ")
                .text("\uD83D\uDE00").toString();
        assertEquals("[factored] 3 of -12 \u00b1 5 % \u2192 \uD83D\uDE00", line);
    }

    @Test
    void aLineBreakIsWrittenOnlyWhereAskedFor() {
        ConsoleText failures = ConsoleText.of("2 failed:");
        for (String name : new String[] {HOSTILE, "plain"}) {
            failures.line().text("  ").text(name);
        }
        assertEquals("2 failed:\n  " + ESCAPED + "\n  plain", failures.toString());
    }

    @Test
    void nullIsWrittenAsNothing() {
        assertEquals("a", ConsoleText.of(null).text("a").text((String) null).toString());
    }

    @Test
    void anAppendedTextIsNotEscapedTwice() {
        ConsoleText cell = ConsoleText.of(HOSTILE);
        assertEquals("| " + ESCAPED + " |", ConsoleText.of("| ").append(cell).text(" |").toString());
        assertEquals(ESCAPED.length(), cell.length(), "what a table pads to: the length as written");
    }

    @Test
    void trailingSpaceIsStrippedAndTheRestStaysEscaped() {
        ConsoleText line = ConsoleText.of("  ").text(HOSTILE).text("   ").text("\t ");
        assertEquals("  " + ESCAPED + "   \\u0009", line.stripTrailing().toString(), "a tab is escaped text, not space");
        assertEquals("  x", ConsoleText.of("  x").text("    ").stripTrailing().toString());
        assertEquals("", ConsoleText.of("   ").stripTrailing().toString());
    }
}
