package dev.factored.analysis.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.JmhJsonReader;
import dev.factored.analysis.input.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code analysis.json}, serialised from the records by Jackson: the records are the one definition of
 * the schema (ARCHITECTURE.md's {@code {"schema": 1, "families": [...]}} plus additive fields), and
 * reading maps the file back through the same records, whose constructors check their invariants.
 *
 * <p>Written pretty-printed in the records' field order, so two analyses of the same input are
 * byte-equal. Reading ignores fields it does not know (a newer schema-1 file) and accepts files from
 * before fields were added; an error names the file, the JSON path and what is wrong.
 */
public final class AnalysisJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(CoresJson.module())
            .build();

    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n")));

    /** The writer of one analysis, its serializers built with it (a writer for a declared type fetches them ahead). */
    private static final ObjectWriter ANALYSIS_WRITER = WRITER.forType(Analysis.class);

    private AnalysisJson() {
    }

    /**
     * Builds the writer and its serializers, which is all this does: a cold JVM spends a fifth of
     * {@code factored analyze} loading jackson-databind and introspecting the records, and a caller that starts this on
     * another thread first has it done while it reads and analyses the input (issue 43).
     */
    public static void prepare() {
        // the class's initialisation is the work
    }

    public static void write(Analysis analysis, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(utf8(analysis));
            out.write('\n');
        }
    }

    public static String toJson(Analysis analysis) {
        return new String(utf8(analysis), StandardCharsets.UTF_8) + "\n";
    }

    /**
     * The analysis as UTF-8 straight from the generator, without its newline: a String of the megabytes, encoded
     * afterwards, was a tenth of a cold write (its characters copied one by one in the interpreter, issue 43).
     */
    private static byte[] utf8(Analysis analysis) {
        try {
            return ANALYSIS_WRITER.writeValueAsBytes(analysis);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("internal error: the analysis records cannot be written as JSON", e);
        }
    }

    /** Reads an analysis.json; every message of what it throws starts with the file, so callers say it as it is. */
    public static Analysis read(Path file) throws AnalysisInputException {
        return read(JmhJsonReader.bytes(file, "an analysis.json"), file.toString());
    }

    public static Analysis read(byte[] json, String source) throws AnalysisInputException {
        Analysis direct = direct(json);
        return direct != null ? direct : read(JmhJsonReader.parseTree(json, source, "an analysis.json"), source, "");
    }

    /**
     * The analysis bound straight from the bytes, or null when they are not one this version reads as it is: a tree of
     * the megabytes first cost a fifth of a second of CPU in a cold read (issue 43). A file this path does not take
     * goes the checked way, whose message says what is wrong with it; a fraction where an integer belongs is one (the
     * checked way wants the schema a whole number, and rounds other such values as the records always did).
     */
    private static Analysis direct(byte[] json) {
        try {
            // its own reader, not a constant: making one makes every record's deserializer, which a write never needs
            return MAPPER.readerFor(Analysis.class).without(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .readValue(json);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * What an analysis.json says it was made from: the SHA-256 of its JMH JSON and the bootstrap's options.
     *
     * @param sourceSha256 null when the analysis did not come from a file
     */
    public record Provenance(String sourceSha256, long seed, int resamples, double confidence) {
    }

    /**
     * The provenance at the head of an analysis.json, read without its families, or null when the file does not
     * start as one (another file, a baseline of several runs, a schema from before the fields): whoever wants to know
     * whether the file is the analysis it needs reads the megabytes after it only when it is.
     */
    public static Provenance provenance(Path file) {
        String sha = null;
        Long seed = null;
        Integer resamples = null;
        Double confidence = null;
        try (JsonParser parser = MAPPER.getFactory().createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME
                    && (sha == null || seed == null || resamples == null || confidence == null)) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "sourceSha256" -> sha = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                    case "seed" -> seed = value.isNumeric() ? parser.getLongValue() : null;
                    case "resamples" -> resamples = value.isNumeric() ? parser.getIntValue() : null;
                    case "confidence" -> confidence = value.isNumeric() ? parser.getDoubleValue() : null;
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return seed == null || resamples == null || confidence == null ? null
                : new Provenance(sha, seed, resamples, confidence);
    }

    /**
     * The analyses in a file that holds either one analysis.json or several runs of one, as the gate's
     * baseline recorded from several runs is written ({@link #writeRuns}): oldest first.
     */
    public static List<Analysis> readRuns(Path file) throws AnalysisInputException {
        String source = file.toString();
        JsonNode root = JmhJsonReader.parseTree(JmhJsonReader.bytes(file, "an analysis.json"), source,
                "an analysis.json");
        JsonNode runs = root.isObject() ? root.get(RUNS) : null;
        if (runs == null) {
            return List.of(read(root, source, ""));
        }
        if (!runs.isArray() || runs.isEmpty()) {
            throw new AnalysisInputException(source + ": \"" + RUNS + "\" must be a non-empty array of analyses, found "
                    + Json.kind(runs));
        }
        List<Analysis> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(read(runs.get(i), source, RUNS + "[" + i + "]"));
        }
        return List.copyOf(out);
    }

    /**
     * Writes several runs' analyses to one file, {@code {"schema": 1, "runs": [analysis, …]}}, oldest
     * first; a single run is written as a plain analysis.json.
     */
    public static void writeRuns(List<Analysis> runs, Path file) throws IOException {
        if (runs.size() == 1) {
            write(runs.get(0), file);
            return;
        }
        StringBuilder json = new StringBuilder("{\n  \"schema\" : " + Analysis.SCHEMA + ",\n  \"" + RUNS + "\" : [ ");
        for (int i = 0; i < runs.size(); i++) {
            json.append(i == 0 ? "" : ", ").append(toJson(runs.get(i)).strip().replace("\n", "\n    "));
        }
        json.append(" ]\n}\n");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, json, StandardCharsets.UTF_8);
    }

    private static final String RUNS = "runs";

    private static Analysis read(JsonNode root, String source, String at) throws AnalysisInputException {
        String where = at.isEmpty() ? source : source + ": " + at;
        if (!root.isObject()) {
            throw new AnalysisInputException(where + ": expected an analysis.json object {\"schema\": "
                    + Analysis.SCHEMA + ", \"families\": [...]}, found " + Json.kind(root));
        }
        JsonNode schema = root.get("schema");
        if (schema == null || !schema.isIntegralNumber()) {
            throw new AnalysisInputException(where + ": no \"schema\" number: not an analysis.json written by "
                    + "factored?");
        }
        if (!Analysis.readable(schema.intValue())) {
            throw new AnalysisInputException(where + ": analysis.json schema " + schema.asText()
                    + " is not supported (this version reads schemas 1 and " + Analysis.SCHEMA + ")");
        }
        try {
            return MAPPER.treeToValue(root, Analysis.class);
        } catch (JsonMappingException e) {
            String path = path(e);
            throw new AnalysisInputException(source + ": " + (at.isEmpty() ? path
                    : at + (path.isEmpty() ? ": " : "." + path)) + problem(e), e);
        } catch (IOException e) {
            throw new AnalysisInputException(source + ": cannot read the analysis: " + e.getMessage(), e);
        }
    }

    /** The JSON path of the failure, e.g. {@code families[0].points[1].time: }, or nothing at the root. */
    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.length() == 0 ? "" : sb + ": ";
    }

    /** What is wrong, without Jackson's class names and source locations. */
    private static String problem(JsonMappingException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return cause.getMessage(); // a record's invariant, already in words
        }
        String message = e.getOriginalMessage();
        int detail = message.indexOf(" (for ");
        message = detail > 0 ? message.substring(0, detail) : message;
        return message.replaceAll("`[a-z.]+\\.([A-Z][A-Za-z]*)`", "$1").replaceAll("\\s*\\n.*", "");
    }
}
