package dev.factored.text;

/**
 * The one set of sanitisers for untrusted text (benchmark names, params, JVM arguments, anything read
 * from a JMH result or a configuration), one per kind of output. Every output of the report and the
 * gate passes untrusted text through exactly one of these; check.json needs none (Jackson escapes
 * JSON, and JSON keeps names verbatim on purpose). The gate, the run, the command line and the plugin call them only
 * through the builder that writes each output (the gate's {@code Markdown}, {@link ConsoleText} for console and log
 * lines), as the report's HTML does through {@code Html}, so that no call site has an escape to forget; those modules'
 * ArchitectureTests keep it so.
 *
 * <h2>What is unsafe ({@link #unsafe(int)})</h2>
 * One rule for every output. A code point is unsafe when it is
 * <ul>
 * <li>a C0 or C1 control character or DEL (U+0000–U+001F, U+007F–U+009F), including tab and line
 *     breaks: terminal escapes, and every output here is one line;</li>
 * <li>a Unicode format character (general category Cf): the bidirectional controls U+202A–U+202E,
 *     U+2066–U+2069, U+200E, U+200F and U+061C, which show text in another order than it is read (a
 *     name can then pass a review as another), and the invisible ones such as U+200B–U+200D, U+2060
 *     and U+FEFF;</li>
 * <li>the line and paragraph separators U+2028 and U+2029;</li>
 * <li>a lone surrogate (half of a UTF-16 pair without its other half);</li>
 * <li>a noncharacter: U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two code points of every plane.</li>
 * </ul>
 * Together these include every code point that XML 1.0 forbids, so the output of {@link #xml} is
 * always well-formed character data.
 *
 * <h2>How an unsafe code point is shown</h2>
 * Visibly and the same way everywhere, as the text of a Java-style escape: <code>&#92;u202E</code> (a
 * backslash, {@code u} and four upper-case hexadecimal digits) for a code point of the Basic
 * Multilingual Plane, <code>&#92;U000E0001</code> (eight digits) beyond it. So a reader sees that
 * something was there and which character it was, and nothing is silently dropped. The escape is
 * written literally: in HTML and XML it is plain text, in Markdown its backslash is itself escaped so
 * that it renders as written. The result is for display only; it is not meant to be decoded.
 *
 * <p>Every other character is kept as it is. In particular a valid surrogate pair stays the one
 * character it encodes (an emoji such as U+1F600 is written as that character, never as two halves).
 * All methods accept {@code null} and return the empty string for it.
 */
public final class Untrusted {

    private Untrusted() {
    }

    /** Whether a code point must not reach any output as it is; see the class documentation. */
    public static boolean unsafe(int codePoint) {
        if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)) {
            return true; // C0 controls, DEL, C1 controls
        }
        if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
            return true; // only ever seen alone: a pair is read as its supplementary code point
        }
        if ((codePoint >= 0xFDD0 && codePoint <= 0xFDEF) || (codePoint & 0xFFFE) == 0xFFFE) {
            return true; // noncharacters
        }
        int type = Character.getType(codePoint);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }

    /**
     * The visible form of a code point: <code>&#92;u202E</code> in the Basic Multilingual Plane,
     * <code>&#92;U000E0001</code> beyond it.
     */
    public static String shown(int codePoint) {
        String hex = Integer.toHexString(codePoint).toUpperCase(java.util.Locale.ROOT);
        return codePoint <= 0xFFFF ? "\\u" + "0".repeat(4 - hex.length()) + hex
                : "\\U" + "0".repeat(8 - hex.length()) + hex;
    }

    /**
     * For SVG (or any XML): character data and attribute values alike (attributes must be quoted).
     * Escapes {@code & < > " '} as {@code &amp; &lt; &gt; &quot; &#39;} and shows unsafe code points
     * as escapes; keeps every other character, so the document must be written in a Unicode encoding
     * (UTF-8).
     */
    public static String xml(String text) {
        return sanitise(text, Kind.XML);
    }

    /**
     * For HTML: element text and quoted attribute values alike. The same escaping as {@link #xml}
     * ({@code &#39;} rather than {@code &apos;}, which HTML 4 lacks).
     */
    public static String html(String text) {
        return sanitise(text, Kind.HTML);
    }

    /**
     * For a GitHub-flavoured Markdown table cell or list item: one line that renders literally.
     * Backslash-escapes the characters that start emphasis, code, links, tables and strike-through
     * ({@code \ ` * _ { } [ ] ! | ~}); writes {@code < > & "} as entities, and {@code @} and
     * {@code #} too, so that a benchmark name can neither mention a user nor link an issue in a pull
     * request comment; shows unsafe code points (line breaks included) as escapes whose backslash is
     * escaped.
     */
    public static String markdown(String text) {
        return sanitise(text, Kind.MARKDOWN);
    }

    /**
     * For a console or log line, and for text drawn as pixels (chart titles): one line with no
     * control characters (so no terminal escapes), no bidirectional controls and no invisible
     * characters; unsafe code points are shown as escapes, nothing else is changed.
     */
    public static String console(String text) {
        return sanitise(text, Kind.CONSOLE);
    }

    private enum Kind {
        XML, HTML, MARKDOWN, CONSOLE
    }

    private static String sanitise(String text, Kind kind) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = null; // created at the first change: safe text is returned as it is
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i); // a lone surrogate comes back as itself
            int next = i + Character.charCount(cp);
            String replacement = unsafe(cp) ? (kind == Kind.MARKDOWN ? "\\" : "") + shown(cp) : replacement(cp, kind);
            if (replacement != null && sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (sb != null) {
                if (replacement != null) {
                    sb.append(replacement);
                } else {
                    sb.append(text, i, next);
                }
            }
            i = next;
        }
        return sb == null ? text : sb.toString();
    }

    /** The escape of a safe code point in this kind of output, or null to keep it. */
    private static String replacement(int cp, Kind kind) {
        return switch (kind) {
            case XML, HTML -> switch (cp) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            case MARKDOWN -> switch (cp) {
                case '\\', '`', '*', '_', '{', '}', '[', ']', '!', '|', '~' -> "\\" + (char) cp;
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '&' -> "&amp;";
                case '"' -> "&quot;";
                case '@' -> "&#64;";
                case '#' -> "&#35;";
                default -> null;
            };
            case CONSOLE -> null;
        };
    }
}
