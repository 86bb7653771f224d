package dev.factored.report.html;

import dev.factored.text.Untrusted;
import java.util.regex.Pattern;

/**
 * The report's HTML, written in order by the one builder that escapes: every text ({@link #text}) and every attribute
 * value ({@link #open}) goes through {@link Untrusted#html}, so a benchmark name, a param or a JVM argument cannot
 * become markup wherever it is written, and no call site has an escaping call to forget. Markup comes only from this
 * builder (tags and attribute names it checks), from another builder's output ({@link #append}), or from
 * {@link #trusted}: markup written as a literal in this module's source (fixed headings, the sub-scripts of formulas,
 * the "how to read this" texts), never a value read from input.
 *
 * <p>It writes exactly what it is told, in order (newlines too: {@link #line}), so that the page stays the same byte
 * for byte whichever way a part is built.
 */
public final class Html {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private final StringBuilder out;

    public Html() {
        this.out = new StringBuilder();
    }

    /** An empty builder that expects about {@code capacity} characters. */
    public Html(int capacity) {
        this.out = new StringBuilder(capacity);
    }

    /**
     * A start tag, {@code <tag name="value" ...>}.
     *
     * @param attributes names and values in turn; a value is escaped, a name must be a plain lower-case name
     */
    public Html open(String tag, String... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come as name and value pairs: " + attributes.length);
        }
        out.append('<').append(name(tag));
        for (int i = 0; i < attributes.length; i += 2) {
            out.append(' ').append(name(attributes[i])).append("=\"").append(Untrusted.html(attributes[i + 1]))
                    .append('"');
        }
        out.append('>');
        return this;
    }

    /** An end tag, {@code </tag>}. */
    public Html close(String tag) {
        out.append("</").append(name(tag)).append('>');
        return this;
    }

    /** An element holding only text: {@code <tag ...>text</tag>}, the text and attribute values escaped. */
    public Html element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** Text, escaped: untrusted or not, it is shown as written and never read as markup. */
    public Html text(String text) {
        out.append(Untrusted.html(text));
        return this;
    }

    /** A number as text (nothing to escape). */
    public Html text(long number) {
        out.append(number);
        return this;
    }

    /** A line break of the source (not a {@code <br>}). */
    public Html line() {
        out.append('\n');
        return this;
    }

    /** What another builder wrote: HTML that was escaped as it was built. */
    public Html append(Html fragment) {
        out.append(fragment.out);
        return this;
    }

    /**
     * Markup written as a literal in this module's source, as it is. Never pass it text that came from input (a name,
     * a param, a sentence of the analysis): that goes through {@link #text} or an attribute value.
     */
    public Html trusted(String markupLiteral) {
        out.append(markupLiteral);
        return this;
    }

    /** The HTML written so far. */
    @Override
    public String toString() {
        return out.toString();
    }

    private static String name(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not an HTML tag or attribute name: " + Untrusted.console(name));
        }
        return name;
    }
}
