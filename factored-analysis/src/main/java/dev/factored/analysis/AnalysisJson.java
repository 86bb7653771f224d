package dev.factored.analysis;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code analysis.json}: the schema of ARCHITECTURE.md ({@code {"schema": 1, "families": [...]}}) plus
 * additive fields (source, seed, resamples, confidence, warnings; per family environment and
 * configurations with the raw samples; per point oversubscribed and pinned).
 *
 * <p>Written pretty-printed in a fixed field order, so two analyses of the same input are byte-equal.
 * Non-finite numbers are written as JMH writes them ("NaN", "+INF", "-INF"). Reading gives records equal
 * to those written.
 */
public final class AnalysisJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private AnalysisJson() {
    }

    public static void write(Analysis analysis, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            write(analysis, out);
        }
    }

    public static String toJson(Analysis analysis) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(analysis, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void write(Analysis a, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                    .withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"))
                    .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
            g.setPrettyPrinter(pretty);
            g.writeStartObject();
            g.writeNumberField("schema", a.schema());
            g.writeStringField("source", a.source());
            g.writeNumberField("seed", a.seed());
            g.writeNumberField("resamples", a.resamples());
            number(g, "confidence", a.confidence());
            strings(g, "warnings", a.warnings());
            g.writeArrayFieldStart("families");
            for (FamilyAnalysis f : a.families()) {
                family(g, f);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void family(JsonGenerator g, FamilyAnalysis f) throws IOException {
        g.writeStartObject();
        g.writeStringField("benchmark", f.benchmark());
        g.writeObjectFieldStart("params");
        for (Map.Entry<String, String> e : f.params().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeStringField("mode", f.mode());
        estimate(g, "baselineTime", f.baselineTime());
        estimate(g, "elisionTime", f.elisionTime());
        estimate(g, "oneCoreTime", f.oneCoreTime());
        g.writeArrayFieldStart("points");
        for (Point p : f.points()) {
            point(g, p);
        }
        g.writeEndArray();
        strings(g, "diagnosis", f.diagnosis());
        strings(g, "warnings", f.warnings());
        environment(g, f.environment());
        g.writeArrayFieldStart("configurations");
        for (ConfigurationRun c : f.configurations()) {
            configuration(g, c);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void point(JsonGenerator g, Point p) throws IOException {
        g.writeStartObject();
        g.writeNumberField("cores", p.cores());
        estimate(g, "time", p.time());
        estimate(g, "idleTime", p.idleTime());
        estimate(g, "workInflation", p.workInflation());
        Speedups s = p.speedups();
        g.writeObjectFieldStart("speedups");
        estimate(g, "linear", s.linear());
        estimate(g, "elision", s.elision());
        estimate(g, "maximal", s.maximal());
        estimate(g, "idleSpecific", s.idleSpecific());
        estimate(g, "inflationSpecific", s.inflationSpecific());
        estimate(g, "actual", s.actual());
        g.writeEndObject();
        Losses l = p.losses();
        g.writeObjectFieldStart("losses");
        estimate(g, "algorithmic", l.algorithmic());
        estimate(g, "scheduling", l.scheduling());
        estimate(g, "idle", l.idle());
        estimate(g, "inflation", l.inflation());
        g.writeEndObject();
        g.writeBooleanField("oversubscribed", p.oversubscribed());
        if (p.pinned() == null) {
            g.writeNullField("pinned");
        } else {
            g.writeBooleanField("pinned", p.pinned());
        }
        g.writeEndObject();
    }

    private static void environment(JsonGenerator g, Environment e) throws IOException {
        if (e == null) {
            g.writeNullField("environment");
            return;
        }
        g.writeObjectFieldStart("environment");
        g.writeStringField("jmhVersion", e.jmhVersion());
        g.writeStringField("jdkVersion", e.jdkVersion());
        g.writeStringField("vmName", e.vmName());
        g.writeStringField("vmVersion", e.vmVersion());
        g.writeStringField("jvm", e.jvm());
        strings(g, "jvmArgs", e.jvmArgs());
        g.writeNumberField("threads", e.threads());
        g.writeNumberField("forks", e.forks());
        g.writeNumberField("warmupIterations", e.warmupIterations());
        g.writeStringField("warmupTime", e.warmupTime());
        g.writeNumberField("measurementIterations", e.measurementIterations());
        g.writeStringField("measurementTime", e.measurementTime());
        g.writeEndObject();
    }

    private static void configuration(JsonGenerator g, ConfigurationRun c) throws IOException {
        g.writeStartObject();
        g.writeStringField("cores", c.cores());
        samples(g, "timeSamples", c.timeSamples());
        samples(g, "idleSamples", c.idleSamples());
        if (c.workers() == null) {
            g.writeNullField("workers");
        } else {
            g.writeNumberField("workers", c.workers());
        }
        if (c.cpus() == null) {
            g.writeNullField("cpus");
        } else {
            g.writeNumberField("cpus", c.cpus());
        }
        if (c.pinned() == null) {
            g.writeNullField("pinned");
        } else {
            g.writeBooleanField("pinned", c.pinned());
        }
        if (c.stealsPerOp() == null) {
            g.writeNullField("stealsPerOp");
        } else {
            number(g, "stealsPerOp", c.stealsPerOp());
        }
        g.writeEndObject();
    }

    private static void samples(JsonGenerator g, String field, double[][] samples) throws IOException {
        if (samples == null) {
            g.writeNullField(field);
            return;
        }
        g.writeArrayFieldStart(field);
        for (double[] fork : samples) {
            g.writeStartArray();
            for (double v : fork) {
                number(g, v);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void estimate(JsonGenerator g, String field, Estimate e) throws IOException {
        if (e == null) {
            g.writeNullField(field);
            return;
        }
        g.writeObjectFieldStart(field);
        number(g, "value", e.value());
        number(g, "low", e.low());
        number(g, "high", e.high());
        g.writeEndObject();
    }

    private static void strings(JsonGenerator g, String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String s : values) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String field, double v) throws IOException {
        g.writeFieldName(field);
        number(g, v);
    }

    // JSON has no NaN or infinity; write them as JMH does, so one reader handles both files.
    private static void number(JsonGenerator g, double v) throws IOException {
        if (Double.isNaN(v)) {
            g.writeString("NaN");
        } else if (Double.isInfinite(v)) {
            g.writeString(v > 0 ? "+INF" : "-INF");
        } else {
            g.writeNumber(v);
        }
    }

    // ----------------------------------------------------------------------------------------- reading

    public static Analysis read(Path file) throws AnalysisInputException {
        String source = file.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new AnalysisInputException(source + ": no such file (expected an analysis.json)", e);
        } catch (IOException e) {
            throw new AnalysisInputException(source + ": cannot read the file: " + e.getMessage(), e);
        }
        return read(bytes, source);
    }

    public static Analysis read(byte[] json, String source) throws AnalysisInputException {
        JsonNode root = JmhJsonReader.parseTree(json, source, "an analysis.json");
        Reader r = new Reader(source);
        if (!root.isObject()) {
            throw new AnalysisInputException(source + ": expected an analysis.json object {\"schema\": "
                    + Analysis.SCHEMA + ", \"families\": [...]}, found " + Json.kind(root));
        }
        JsonNode schemaNode = root.get("schema");
        if (schemaNode == null || !schemaNode.isIntegralNumber()) {
            throw new AnalysisInputException(source + ": no \"schema\" number: not an analysis.json written by "
                    + "factored?");
        }
        if (schemaNode.intValue() != Analysis.SCHEMA) {
            throw new AnalysisInputException(source + ": analysis.json schema " + schemaNode.asText()
                    + " is not supported (this version reads schema " + Analysis.SCHEMA + ")");
        }
        JsonNode families = r.array(root, "families", "");
        List<FamilyAnalysis> list = new ArrayList<>(families.size());
        for (int i = 0; i < families.size(); i++) {
            list.add(r.family(families.get(i), "families[" + i + "]"));
        }
        return new Analysis(
                Analysis.SCHEMA,
                r.optionalText(root, "source", ""),
                r.optionalLong(root, "seed", 0L, ""),
                (int) r.optionalLong(root, "resamples", 0L, ""),
                r.optionalDouble(root, "confidence", 0.95, ""),
                Collections.unmodifiableList(list),
                r.strings(root, "warnings", "", true));
    }

    /** Typed reading with the JSON path of every value in its messages. */
    private static final class Reader {

        private final String source;

        Reader(String source) {
            this.source = source;
        }

        private AnalysisInputException error(String path, String problem) {
            return new AnalysisInputException(source + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
        }

        private static String join(String path, String field) {
            return path.isEmpty() ? field : path + "." + field;
        }

        FamilyAnalysis family(JsonNode node, String path) throws AnalysisInputException {
            requireObject(node, path);
            JsonNode points = array(node, "points", path);
            List<Point> list = new ArrayList<>(points.size());
            for (int i = 0; i < points.size(); i++) {
                list.add(point(points.get(i), path + ".points[" + i + "]"));
            }
            JsonNode configurations = node.get("configurations");
            List<ConfigurationRun> runs = new ArrayList<>();
            if (configurations != null && !configurations.isNull()) {
                configurations = array(node, "configurations", path);
                for (int i = 0; i < configurations.size(); i++) {
                    runs.add(configuration(configurations.get(i), path + ".configurations[" + i + "]"));
                }
            }
            return new FamilyAnalysis(
                    text(node, "benchmark", path),
                    Collections.unmodifiableMap(textMap(node, "params", path)),
                    text(node, "mode", path),
                    estimate(node, "baselineTime", path),
                    estimate(node, "elisionTime", path),
                    estimate(node, "oneCoreTime", path),
                    Collections.unmodifiableList(list),
                    strings(node, "diagnosis", path, false),
                    strings(node, "warnings", path, false),
                    environment(node.get("environment"), join(path, "environment")),
                    Collections.unmodifiableList(runs));
        }

        Point point(JsonNode node, String path) throws AnalysisInputException {
            requireObject(node, path);
            JsonNode cores = node.get("cores");
            if (cores == null || !cores.isIntegralNumber() || cores.intValue() < 1) {
                throw error(join(path, "cores"), "expected a positive integer, found " + Json.kind(cores));
            }
            JsonNode s = object(node, "speedups", path);
            String sp = join(path, "speedups");
            JsonNode l = object(node, "losses", path);
            String lp = join(path, "losses");
            Estimate time = estimate(node, "time", path);
            if (time == null) {
                throw error(join(path, "time"), "a point must have a time");
            }
            JsonNode oversubscribed = node.get("oversubscribed");
            if (oversubscribed != null && !oversubscribed.isNull() && !oversubscribed.isBoolean()) {
                throw error(join(path, "oversubscribed"), "expected true or false, found " + Json.kind(oversubscribed));
            }
            return new Point(
                    cores.intValue(),
                    time,
                    estimate(node, "idleTime", path),
                    estimate(node, "workInflation", path),
                    new Speedups(estimate(s, "linear", sp), estimate(s, "elision", sp), estimate(s, "maximal", sp),
                            estimate(s, "idleSpecific", sp), estimate(s, "inflationSpecific", sp),
                            estimate(s, "actual", sp)),
                    new Losses(estimate(l, "algorithmic", lp), estimate(l, "scheduling", lp),
                            estimate(l, "idle", lp), estimate(l, "inflation", lp)),
                    oversubscribed != null && oversubscribed.asBoolean(),
                    optionalBoolean(node, "pinned", path));
        }

        Environment environment(JsonNode node, String path) throws AnalysisInputException {
            if (node == null || node.isNull()) {
                return null;
            }
            requireObject(node, path);
            return new Environment(
                    optionalText(node, "jmhVersion", path),
                    optionalText(node, "jdkVersion", path),
                    optionalText(node, "vmName", path),
                    optionalText(node, "vmVersion", path),
                    optionalText(node, "jvm", path),
                    strings(node, "jvmArgs", path, true),
                    (int) optionalLong(node, "threads", 1, path),
                    (int) optionalLong(node, "forks", 0, path),
                    (int) optionalLong(node, "warmupIterations", 0, path),
                    optionalText(node, "warmupTime", path),
                    (int) optionalLong(node, "measurementIterations", 0, path),
                    optionalText(node, "measurementTime", path));
        }

        ConfigurationRun configuration(JsonNode node, String path) throws AnalysisInputException {
            requireObject(node, path);
            String cores = text(node, "cores", path);
            try {
                Configurations.parse(cores);
            } catch (IllegalArgumentException e) {
                throw error(join(path, "cores"), e.getMessage());
            }
            double[][] time = samples(node, "timeSamples", path);
            if (time == null) {
                throw error(join(path, "timeSamples"), "a configuration must have its time samples");
            }
            JsonNode workers = node.get("workers");
            JsonNode cpus = node.get("cpus");
            JsonNode steals = node.get("stealsPerOp");
            return new ConfigurationRun(
                    cores,
                    time,
                    samples(node, "idleSamples", path),
                    workers == null || workers.isNull() ? null : (int) optionalLong(node, "workers", 0, path),
                    cpus == null || cpus.isNull() ? null : (int) optionalLong(node, "cpus", 0, path),
                    optionalBoolean(node, "pinned", path),
                    steals == null || steals.isNull() ? null : Json.number(steals, source + ": " + join(path, "stealsPerOp")));
        }

        double[][] samples(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            String p = join(path, field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isArray() || node.isEmpty()) {
                throw error(p, "expected [fork][iteration] arrays of numbers, found " + Json.kind(node));
            }
            double[][] out = new double[node.size()][];
            for (int f = 0; f < out.length; f++) {
                JsonNode fork = node.get(f);
                if (!fork.isArray() || fork.isEmpty()) {
                    throw error(p + "[" + f + "]", "expected a non-empty array of numbers, found " + Json.kind(fork));
                }
                out[f] = new double[fork.size()];
                for (int i = 0; i < out[f].length; i++) {
                    out[f][i] = Json.number(fork.get(i), source + ": " + p + "[" + f + "][" + i + "]");
                }
            }
            return out;
        }

        Estimate estimate(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            String p = join(path, field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isObject()) {
                throw error(p, "expected an estimate {\"value\", \"low\", \"high\"} or null, found " + Json.kind(node));
            }
            double value = requiredNumber(node, "value", p);
            double low = requiredNumber(node, "low", p);
            double high = requiredNumber(node, "high", p);
            if (low > high) {
                throw error(p, "low " + low + " is above high " + high);
            }
            return new Estimate(value, low, high);
        }

        private double requiredNumber(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                throw error(join(path, field), "missing");
            }
            return Json.number(node, source + ": " + join(path, field));
        }

        void requireObject(JsonNode node, String path) throws AnalysisInputException {
            if (node == null || !node.isObject()) {
                throw error(path, "expected an object, found " + Json.kind(node));
            }
        }

        JsonNode object(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || !node.isObject()) {
                throw error(join(path, field), "expected an object, found " + Json.kind(node));
            }
            return node;
        }

        JsonNode array(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || !node.isArray()) {
                throw error(join(path, field), "expected an array, found " + Json.kind(node));
            }
            return node;
        }

        String text(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || !node.isTextual()) {
                throw error(join(path, field), "expected a string, found " + Json.kind(node));
            }
            return node.asText();
        }

        String optionalText(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isTextual()) {
                throw error(join(path, field), "expected a string, found " + Json.kind(node));
            }
            return node.asText();
        }

        long optionalLong(JsonNode parent, String field, long absent, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return absent;
            }
            if (!node.isIntegralNumber() || !node.canConvertToLong()) {
                throw error(join(path, field), "expected an integer, found " + Json.kind(node));
            }
            return node.longValue();
        }

        double optionalDouble(JsonNode parent, String field, double absent, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return absent;
            }
            return Json.number(node, source + ": " + join(path, field));
        }

        Boolean optionalBoolean(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isBoolean()) {
                throw error(join(path, field), "expected true, false or null, found " + Json.kind(node));
            }
            return node.asBoolean();
        }

        List<String> strings(JsonNode parent, String field, String path, boolean optional) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if ((node == null || node.isNull()) && optional) {
                return List.of();
            }
            if (node == null || !node.isArray()) {
                throw error(join(path, field), "expected an array of strings, found " + Json.kind(node));
            }
            List<String> out = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                if (!node.get(i).isTextual()) {
                    throw error(join(path, field) + "[" + i + "]", "expected a string, found " + Json.kind(node.get(i)));
                }
                out.add(node.get(i).asText());
            }
            return Collections.unmodifiableList(out);
        }

        Map<String, String> textMap(JsonNode parent, String field, String path) throws AnalysisInputException {
            JsonNode node = parent.get(field);
            if (node == null || !node.isObject()) {
                throw error(join(path, field), "expected an object of strings, found " + Json.kind(node));
            }
            Map<String, String> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (!e.getValue().isTextual()) {
                    throw error(join(path, field) + "." + e.getKey(), "expected a string, found " + Json.kind(e.getValue()));
                }
                out.put(e.getKey(), e.getValue().asText());
            }
            return out;
        }
    }
}
