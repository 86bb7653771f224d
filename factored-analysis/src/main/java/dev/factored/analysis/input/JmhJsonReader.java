package dev.factored.analysis.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Reads the JSON that JMH writes with {@code -rf json} into {@link JmhEntry} records. Only the shape is
 * checked here (what JMH always writes); whether the entries make sense for the method is checked when
 * they are grouped into families. An entry of configurations measured in turn ({@code cores=1+2}) is read as one entry
 * per member ({@link TurnEntries}).
 */
public final class JmhJsonReader {

    /**
     * The streaming parser alone (jackson-core): an {@code ObjectMapper} built here loaded about 500 classes of
     * jackson-databind before the first token, 150 ms of a cold {@code factored analyze}; the tree reader below
     * builds one only when a tree is asked for.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER) // most of a result file is numbers
            .build();

    /** For {@link #parseTree}: built on first use. */
    private static final class Trees {
        static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    static final Set<String> MODES = Set.of("avgt", "thrpt", "sample", "ss");

    private JmhJsonReader() {
    }

    public static List<JmhEntry> read(Path file) throws AnalysisInputException {
        return read(bytes(file), file.toString());
    }

    /** The bytes of JMH's JSON result file, with a message that names the file when it cannot be read. */
    public static byte[] bytes(Path file) throws AnalysisInputException {
        return bytes(file, "JMH's JSON result, -rf json");
    }

    public static byte[] bytes(Path file, String expected) throws AnalysisInputException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new AnalysisInputException(file + ": no such file (expected " + expected + ")", e);
        } catch (IOException e) {
            throw new AnalysisInputException(file + ": cannot read the file: " + e.getMessage(), e);
        }
    }

    /** Parses JMH JSON held in memory; {@code source} names it in error messages. */
    public static List<JmhEntry> read(byte[] json, String source) throws AnalysisInputException {
        // Streaming, not a tree: a factored run's file is megabytes (percentiles of every metric), and a
        // Maven goal parses it once, in a cold JVM, where building a tree costs seconds.
        try (JsonParser p = FACTORY.createParser(json)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new AnalysisInputException(source + ": the file is empty (expected JMH's JSON result, -rf json)");
            }
            if (first != JsonToken.START_ARRAY) {
                throw new AnalysisInputException(source + ": expected a JSON array of JMH results (as JMH writes with "
                        + "-rf json), found " + kind(p));
            }
            List<JmhEntry> entries = new ArrayList<>();
            int index = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                // configurations measured in turn (cores=1+2) become one entry per member, each with the entry's index
                entries.addAll(TurnEntries.expand(new EntryReader(p, index++, source).read(), source));
            }
            if (p.nextToken() != null) {
                throw new AnalysisInputException(source + ": malformed JSON" + at(p.currentLocation())
                        + ": more content after the array of results");
            }
            return Collections.unmodifiableList(entries);
        } catch (IOException e) {
            throw readFailure(source, e);
        }
    }

    /** The message for JSON that cannot be read: truncated, malformed (with where), or unreadable. */
    static AnalysisInputException readFailure(String source, IOException e) {
        if (e instanceof JsonProcessingException j) {
            if (j instanceof JsonEOFException || String.valueOf(j.getOriginalMessage()).contains("end-of-input")) {
                return new AnalysisInputException(source + ": the JSON ends early" + at(j.getLocation())
                        + " (truncated file? was the run interrupted?)", e);
            }
            return new AnalysisInputException(source + ": malformed JSON" + at(j.getLocation()) + ": "
                    + j.getOriginalMessage(), e);
        }
        return new AnalysisInputException(source + ": cannot read the JSON: " + e.getMessage(), e);
    }

    /** What the parser's current token is, for messages ("an array", "the string \"x\""). */
    static String kind(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            return "nothing";
        }
        return switch (t) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_STRING -> {
                String s = p.getText();
                yield "the string \"" + (s.length() <= 40 ? s : s.substring(0, 40) + "…") + "\"";
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + p.getText();
            case VALUE_TRUE, VALUE_FALSE -> "the boolean " + p.getText();
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name().toLowerCase(java.util.Locale.ROOT) : t.asString();
        };
    }

    /** Parses JSON into a tree, with messages that say where the text is broken. */
    public static JsonNode parseTree(byte[] json, String source, String expected) throws AnalysisInputException {
        JsonNode root;
        try {
            root = Trees.MAPPER.readTree(json);
        } catch (IOException e) {
            throw readFailure(source, e);
        }
        if (root == null || root.isMissingNode()) {
            throw new AnalysisInputException(source + ": the file is empty (expected " + expected + ")");
        }
        return root;
    }

    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

}
