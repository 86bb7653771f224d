package dev.factored.report.svg;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code dejavu-sans.metrics}, the {@link FontTable}s the report carries (written once by the test-scope
 * {@code FontTableGenerator} from the real font; its header says which and how). Lines are {@code key values...};
 * {@code style <name>} starts a style; {@code advances <hex code point> <16 advances>} gives the advances of 16
 * consecutive code points, {@code -} where the font has no glyph. A damaged file is a build error, not a report
 * error: it fails the first chart loudly rather than measuring text as nothing.
 */
final class FontTableFile {

    static final String RESOURCE = "dejavu-sans.metrics";

    static final FontTable REGULAR;
    static final FontTable BOLD;

    static {
        Map<String, FontTable> styles = read();
        REGULAR = require(styles, "regular");
        BOLD = require(styles, "bold");
    }

    private FontTableFile() {
    }

    private static FontTable require(Map<String, FontTable> styles, String name) {
        FontTable table = styles.get(name);
        if (table == null) {
            throw new IllegalStateException(RESOURCE + " has no style " + name);
        }
        return table;
    }

    private static Map<String, FontTable> read() {
        try (InputStream in = FontTableFile.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static Map<String, FontTable> parse(List<String> lines) {
        Map<String, FontTable> styles = new LinkedHashMap<>();
        int unitsPerEm = 0;
        String style = null;
        Map<String, float[]> values = new HashMap<>();
        Map<Integer, Integer> advances = new HashMap<>();
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.trim().split(" +");
            switch (words[0]) {
                case "units-per-em" -> unitsPerEm = Integer.parseInt(words[1]);
                case "style" -> {
                    if (style != null) {
                        styles.put(style, table(unitsPerEm, values, advances));
                    }
                    style = words[1];
                    values = new HashMap<>();
                    advances = new HashMap<>();
                }
                case "advances" -> {
                    int first = Integer.parseInt(words[1], 16);
                    for (int i = 2; i < words.length; i++) {
                        if (!words[i].equals("-")) {
                            advances.put(first + i - 2, Integer.parseInt(words[i]));
                        }
                    }
                }
                default -> {
                    float[] numbers = new float[words.length - 1];
                    for (int i = 1; i < words.length; i++) {
                        numbers[i - 1] = Float.parseFloat(words[i]);
                    }
                    values.put(words[0], numbers);
                }
            }
        }
        if (style != null) {
            styles.put(style, table(unitsPerEm, values, advances));
        }
        return styles;
    }

    private static FontTable table(int unitsPerEm, Map<String, float[]> values, Map<Integer, Integer> advances) {
        if (unitsPerEm <= 0 || advances.isEmpty()) {
            throw new IllegalStateException(RESOURCE + ": a style without units per em or advances");
        }
        float[] underline = value(values, "underline", 2);
        float[] strikethrough = value(values, "strikethrough", 2);
        float[] baselines = value(values, "baselines", 3);
        FontTable.Lines lines = new FontTable.Lines(value(values, "ascent", 1)[0], value(values, "descent", 1)[0],
                value(values, "leading", 1)[0], underline[0], underline[1], strikethrough[0], strikethrough[1],
                baselines[1], baselines[2]);
        return new FontTable(unitsPerEm, lines, (int) value(values, "max-advance", 1)[0],
                (int) value(values, "missing-glyph", 1)[0], advances);
    }

    private static float[] value(Map<String, float[]> values, String key, int count) {
        float[] numbers = values.get(key);
        if (numbers == null || numbers.length != count) {
            throw new IllegalStateException(RESOURCE + ": '" + key + "' needs " + count + " number(s)");
        }
        return numbers;
    }
}
