package dev.factored.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code cores-spellings.tsv}, the one table every {@code cores} parser is tested against. It ships
 * in this module's test jar, so the other modules' tests read the same rows through {@link #all()}: a new
 * spelling is added once and checked against every parser.
 */
public final class CoresSpellings {

    /** One row: the text as written and its canonical value, or null when it must be rejected. */
    public record Spelling(String text, String canonical) {
        @Override
        public String toString() {
            return "\"" + text + "\" -> " + (canonical == null ? "reject" : canonical);
        }
    }

    private CoresSpellings() {
    }

    public static List<Spelling> all() {
        try (InputStream in = CoresSpellings.class.getResourceAsStream("cores-spellings.tsv")) {
            if (in == null) {
                throw new IllegalStateException("cores-spellings.tsv is not on the test classpath");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Spelling> parse(String table) {
        List<Spelling> rows = new ArrayList<>();
        for (String line : table.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int close = line.lastIndexOf('"');
            if (!line.startsWith("\"") || close < 1 || line.charAt(close + 1) != '\t') {
                throw new IllegalArgumentException("cores-spellings.tsv: malformed row " + line);
            }
            String canonical = line.substring(close + 2).strip();
            rows.add(new Spelling(line.substring(1, close), canonical.equals("reject") ? null : canonical));
        }
        return rows;
    }
}
