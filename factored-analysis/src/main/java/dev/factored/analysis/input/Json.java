package dev.factored.analysis.input;

import com.fasterxml.jackson.databind.JsonNode;

/** Helpers for reading JSON values the way JMH writes them, with messages that say what was found. */
public final class Json {

    private Json() {
    }

    public static String kind(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "the string \"" + abbreviate(node.asText()) + "\"";
            case NUMBER -> "the number " + node.asText();
            case BOOLEAN -> "the boolean " + node.asText();
            case NULL -> "null";
            default -> node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }

    /** The value of the strings JMH writes for non-finite numbers; NaN for "NaN" and anything else. */
    static double nonFinite(String s) {
        return switch (s) {
            case "+INF", "INF", "Infinity", "+Infinity" -> Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.NaN;
        };
    }
}
