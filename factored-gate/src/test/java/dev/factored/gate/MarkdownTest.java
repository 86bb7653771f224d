package dev.factored.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.factored.gate.terms.Status;
import dev.factored.text.Untrusted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * summary.md's builder escapes the text of every block exactly as {@link Untrusted#markdown} does, and writes markup
 * only as the block's own. In the expected strings a doubled backslash is one backslash of the Markdown.
 */
class MarkdownTest {

    /**
     * A column, code, emphasis, a script, a mention, an issue link, a line break and a right-to-left override: every
     * way a name could break out of a cell or a list item.
     */
    private static final String HOSTILE = "a|b `c` *d* <script>alert(1)</script> @me #1\nx\u202Eexe";
    private static final String ESCAPED =
            "a\\|b \\`c\\` \\*d\\* &lt;script&gt;alert(1)&lt;/script&gt; &#64;me &#35;1\\\\u000Ax\\\\u202Eexe";

    @Test
    void aHostileNameIsEscapedAsUntrustedEscapesIt() {
        assertEquals(ESCAPED, Untrusted.markdown(HOSTILE), "the escape this builder must keep");
    }

    @Test
    void everyBlockEscapesItsTextAndTheBlocksAreSetApartByOneBlankLine() {
        String md = new Markdown().heading(2, "\u2705 " + HOSTILE).paragraph(HOSTILE).quote(List.of(HOSTILE, "two"))
                .table(List.of("family", "a|b"), List.of(List.of(HOSTILE, "1"), List.of("", "2")))
                .details(HOSTILE, new Markdown().list(List.of(HOSTILE, "plain")))
                .heading(3, "Failures").list(List.of("\u274C " + HOSTILE)).toString();
        assertEquals("## \u2705 " + ESCAPED + "\n"
                + "\n" + ESCAPED + "\n"
                + "\n> " + ESCAPED + "\n>\n> two\n"
                + "\n| family | a\\|b |\n|---|---|\n| " + ESCAPED + " | 1 |\n|  | 2 |\n"
                + "\n<details><summary>" + ESCAPED + "</summary>\n\n- " + ESCAPED + "\n- plain\n\n</details>\n"
                + "\n### Failures\n"
                + "\n- \u274C " + ESCAPED + "\n", md);
    }

    @Test
    void anEmptyQuoteOrListWritesNothing() {
        assertEquals("a\n\nb\n", new Markdown().paragraph("a").quote(List.of()).list(List.of()).paragraph("b")
                .toString());
    }

    @Test
    void aRowMustHaveACellPerHeaderAndAHeadingALevelMarkdownHas() {
        assertThrows(IllegalArgumentException.class,
                () -> new Markdown().table(List.of("a", "b"), List.of(List.of("only one"))));
        assertThrows(IllegalArgumentException.class, () -> new Markdown().heading(0, "x"));
        assertThrows(IllegalArgumentException.class, () -> new Markdown().heading(7, "x"));
    }

    /** The status icons are cells like any other, so they are escaped: they must come out as written. */
    @Test
    void theStatusIconsArePlainTextToMarkdown() {
        for (Status status : Status.values()) {
            String icon = MarkdownOutput.icon(status);
            assertEquals(icon, Untrusted.markdown(icon));
        }
    }
}
