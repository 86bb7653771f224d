package dev.factored.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;

/**
 * Each sanitiser over one table of inputs, and the rule over every code point. In the expected strings
 * a doubled backslash before {@code u} is the literal escape text (six characters), a single one is a
 * Java escape of the character itself.
 */
class UntrustedTest {

    static final String EMOJI = new String(Character.toChars(0x1F600)); // GRINNING FACE: two chars, one code point
    static final String CLEF = new String(Character.toChars(0x1D11E)); // MUSICAL SYMBOL G CLEF
    static final String TAG = new String(Character.toChars(0xE0001)); // LANGUAGE TAG, a format character

    /** input, xml (= html), markdown, console. */
    static Stream<Arguments> table() {
        return Stream.of(
                row("plain: SortBench.sort (size=1000)", "plain: SortBench.sort (size=1000)",
                        "plain: SortBench.sort (size=1000)", "plain: SortBench.sort (size=1000)"),
                row("<a href='x'>\"&\"</a>", "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;",
                        "&lt;a href='x'&gt;&quot;&amp;&quot;&lt;/a&gt;", "<a href='x'>\"&\"</a>"),
                row("a|b *x* _y_ `z` [l](u) ~s~ !i {c}", "a|b *x* _y_ `z` [l](u) ~s~ !i {c}",
                        "a\\|b \\*x\\* \\_y\\_ \\`z\\` \\[l\\](u) \\~s\\~ \\!i \\{c\\}", "a|b *x* _y_ `z` [l](u) ~s~ !i {c}"),
                row("@user #12", "@user #12", "&#64;user &#35;12", "@user #12"),
                row("back\\slash", "back\\slash", "back\\\\slash", "back\\slash"),
                // valid surrogate pairs stay the one character they encode
                row("size=" + EMOJI, "size=" + EMOJI, "size=" + EMOJI, "size=" + EMOJI),
                row(CLEF + " clef, \u00e9, \u4e2d, \u2014", CLEF + " clef, \u00e9, \u4e2d, \u2014",
                        CLEF + " clef, \u00e9, \u4e2d, \u2014", CLEF + " clef, \u00e9, \u4e2d, \u2014"),
                // bidirectional controls
                row("a\u202Eb", "a\\u202Eb", "a\\\\u202Eb", "a\\u202Eb"),
                row("\u202A\u202B\u202C\u202D", "\\u202A\\u202B\\u202C\\u202D", "\\\\u202A\\\\u202B\\\\u202C\\\\u202D",
                        "\\u202A\\u202B\\u202C\\u202D"),
                row("x\u2066y\u2067z\u2068w\u2069", "x\\u2066y\\u2067z\\u2068w\\u2069",
                        "x\\\\u2066y\\\\u2067z\\\\u2068w\\\\u2069", "x\\u2066y\\u2067z\\u2068w\\u2069"),
                row("\u200E\u200F\u061C", "\\u200E\\u200F\\u061C", "\\\\u200E\\\\u200F\\\\u061C", "\\u200E\\u200F\\u061C"),
                // invisible format characters
                row("a\u200Bb\u200Dc\u2060d\uFEFFe\u00ADf", "a\\u200Bb\\u200Dc\\u2060d\\uFEFFe\\u00ADf",
                        "a\\\\u200Bb\\\\u200Dc\\\\u2060d\\\\uFEFFe\\\\u00ADf", "a\\u200Bb\\u200Dc\\u2060d\\uFEFFe\\u00ADf"),
                row("tag" + TAG, "tag\\U000E0001", "tag\\\\U000E0001", "tag\\U000E0001"),
                // C0 and C1 controls (terminal escapes, tab, line breaks), line and paragraph separators
                row("a\u0000b\u001B[31mc", "a\\u0000b\\u001B[31mc", "a\\\\u0000b\\\\u001B\\[31mc", "a\\u0000b\\u001B[31mc"),
                row("l1\nl2\r\tx\u007F", "l1\\u000Al2\\u000D\\u0009x\\u007F", "l1\\\\u000Al2\\\\u000D\\\\u0009x\\\\u007F",
                        "l1\\u000Al2\\u000D\\u0009x\\u007F"),
                row("n\u0085e\u009B", "n\\u0085e\\u009B", "n\\\\u0085e\\\\u009B", "n\\u0085e\\u009B"),
                row("p\u2028q\u2029r", "p\\u2028q\\u2029r", "p\\\\u2028q\\\\u2029r", "p\\u2028q\\u2029r"),
                // lone surrogates: a high one at the end, a low one alone, a pair in the wrong order
                row("x\uD83D", "x\\uD83D", "x\\\\uD83D", "x\\uD83D"),
                row("\uDE00y", "\\uDE00y", "\\\\uDE00y", "\\uDE00y"),
                row("\uDE00\uD83D", "\\uDE00\\uD83D", "\\\\uDE00\\\\uD83D", "\\uDE00\\uD83D"),
                // noncharacters
                row("\uFFFE\uFFFF\uFDD0\uFDEF", "\\uFFFE\\uFFFF\\uFDD0\\uFDEF", "\\\\uFFFE\\\\uFFFF\\\\uFDD0\\\\uFDEF",
                        "\\uFFFE\\uFFFF\\uFDD0\\uFDEF"),
                row("\uD83F\uDFFE\uDBFF\uDFFF", "\\U0001FFFE\\U0010FFFF", "\\\\U0001FFFE\\\\U0010FFFF",
                        "\\U0001FFFE\\U0010FFFF"),
                // the replacement character and private use are ordinary characters
                row("\uFFFD\uE000", "\uFFFD\uE000", "\uFFFD\uE000", "\uFFFD\uE000"));
    }

    private static Arguments row(String input, String xml, String markdown, String console) {
        return Arguments.of(input, xml, markdown, console);
    }

    @ParameterizedTest
    @MethodSource("table")
    void xml(String input, String xml, String markdown, String console) {
        assertEquals(xml, Untrusted.xml(input));
    }

    @ParameterizedTest
    @MethodSource("table")
    void html(String input, String xml, String markdown, String console) {
        assertEquals(xml, Untrusted.html(input));
    }

    @ParameterizedTest
    @MethodSource("table")
    void markdown(String input, String xml, String markdown, String console) {
        assertEquals(markdown, Untrusted.markdown(input));
    }

    @ParameterizedTest
    @MethodSource("table")
    void console(String input, String xml, String markdown, String console) {
        assertEquals(console, Untrusted.console(input));
    }

    @Test
    void nullIsEmptyAndSafeTextIsReturnedAsItIs() {
        for (UnaryOperator<String> f : sanitisers()) {
            assertEquals("", f.apply(null));
            String text = "SortBench.sort (size=1000) " + EMOJI;
            assertSame(text, f.apply(text));
        }
    }

    @Test
    void theRuleOverEveryCodePoint() {
        for (int i = 0; i <= Character.MAX_CODE_POINT; i++) {
            final int cp = i;
            int type = Character.getType(cp);
            boolean expected = Character.isISOControl(cp) || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFF) >= 0xFFFE;
            assertEquals(expected, Untrusted.unsafe(cp), () -> "U+" + Integer.toHexString(cp));
            if (!xmlChar(cp)) {
                assertTrue(Untrusted.unsafe(cp), () -> "XML 1.0 forbids U+" + Integer.toHexString(cp));
            }
        }
    }

    @Test
    void everySanitisedCodePointIsAnXmlCharacterAndEveryUnsafeOneIsShown() {
        for (UnaryOperator<String> f : sanitisers()) {
            for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
                String out = f.apply(new String(Character.toChars(cp)));
                final int c = cp;
                assertTrue(out.codePoints().allMatch(UntrustedTest::xmlChar), () -> "U+" + Integer.toHexString(c));
                assertTrue(out.codePoints().noneMatch(Untrusted::unsafe), () -> "U+" + Integer.toHexString(c));
                if (Untrusted.unsafe(cp)) {
                    assertTrue(out.endsWith(Untrusted.shown(cp)), out);
                }
            }
        }
    }

    /** Every code point, sanitised for XML in text and in an attribute, parsed by a real XML parser. */
    @Test
    void allOfUnicodeSanitisedParsesAsXml() throws Exception {
        StringBuilder all = new StringBuilder(5_000_000);
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            all.appendCodePoint(cp);
        }
        all.append('\uDE00').append('\uD83D'); // two lone halves in the wrong order
        String text = all.toString();
        String xml = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text title=\"" + Untrusted.xml(text) + "\">"
                + Untrusted.xml(text) + "</text></svg>";
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        Element element = (Element) root.getElementsByTagName("text").item(0);
        String parsed = element.getTextContent();
        assertTrue(parsed.contains(UntrustedTest.EMOJI));
        assertTrue(parsed.contains("!\"#$%&'()"));
        assertTrue(parsed.contains(";<=>?"));
        assertFalse(parsed.contains("\u202E"));
        assertTrue(parsed.contains("\\u202E"));
        // the attribute keeps the same text, tab and line breaks included (they are shown, not normalised)
        assertEquals(parsed, element.getAttribute("title"));
    }

    @Test
    void shownFormUsesFourOrEightHexDigits() {
        assertEquals("\\u0009", Untrusted.shown('\t'));
        assertEquals("\\u202E", Untrusted.shown(0x202E));
        assertEquals("\\U000E0001", Untrusted.shown(0xE0001));
    }

    private static java.util.List<UnaryOperator<String>> sanitisers() {
        return java.util.List.of(Untrusted::xml, Untrusted::html, Untrusted::markdown, Untrusted::console);
    }

    /** XML 1.0's Char production. */
    private static boolean xmlChar(int cp) {
        return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD)
                || (cp >= 0x10000 && cp <= 0x10FFFF);
    }
}
