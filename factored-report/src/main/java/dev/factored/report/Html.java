package dev.factored.report;

/**
 * HTML escaping. Everything that comes from a benchmark (names, params, diagnosis, warnings) is
 * untrusted text and goes through {@link #escape} — in element text and in attribute values alike, so
 * one function with all five characters escaped is safe in both places (attributes are always quoted).
 */
public final class Html {

    private Html() {
    }

    /** Escapes {@code & < > " '}; null becomes the empty string. Also drops control characters HTML forbids. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7F ? "\uFFFD" : null;
            };
            if (replacement != null && sb == null) {
                sb = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (sb != null) {
                if (replacement != null) {
                    sb.append(replacement);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? text : sb.toString();
    }
}
