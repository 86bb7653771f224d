package dev.factored.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import dev.factored.contract.CoresValue;
import dev.factored.gate.rules.Formats;
import dev.factored.gate.terms.Subject;
import dev.factored.text.Numbers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-P numbers of an analysis in the formats of the gates teams already run: Bencher's BMF JSON and
 * github-action-benchmark's {@code customSmallerIsBetter} JSON. One benchmark per family and P, named
 * {@code <family> @ cores=<P>} (the family with its params in parentheses, then the core count, as in
 * every other output), with T_P, the actual speedup and I_P. JSON keeps names verbatim (untrusted text is
 * escaped by the JSON writer, never interpreted).
 */
public final class BenchmarkExports {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double NANOS = 1e9;

    private BenchmarkExports() {
    }

    /**
     * Bencher Metric Format: {@code {"<name>": {"latency": {"value", "lower_value", "upper_value"},
     * "speedup": {...}, "idle-time": {...}}}}. {@code latency} is Bencher's built-in measure in nanoseconds
     * (T_P per operation); {@code speedup} (T_s/T_P, higher is better) and {@code idle-time} (I_P in
     * nanoseconds per operation) are created by Bencher on first use.
     */
    public static String bencher(Analysis analysis) {
        Map<String, Object> root = new LinkedHashMap<>();
        for (FamilyAnalysis family : analysis.families()) {
            for (Point p : family.points()) {
                Map<String, Object> measures = new LinkedHashMap<>();
                put(measures, "latency", p.times().time(), NANOS);
                put(measures, "speedup", p.speedups().actual(), 1);
                put(measures, "idle-time", p.times().idleTime(), NANOS);
                root.put(name(family, p), measures);
            }
        }
        return json(root);
    }

    /**
     * github-action-benchmark's {@code customSmallerIsBetter}: a list of {@code {name, unit, value, range,
     * extra}}; every entry must be smaller-is-better, so the speedup is exported as its inverse, the time
     * relative to the baseline, T_P/T_s.
     */
    public static String githubActionBenchmark(Analysis analysis) {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (FamilyAnalysis family : analysis.families()) {
            for (Point p : family.points()) {
                String name = name(family, p);
                String extra = p.valid() ? "P = " + p.cores() : "P = " + p.cores() + ", not valid: "
                        + String.join("; ", p.invalidBecause());
                entry(entries, name + " - time", "ns/op", p.times().time(), NANOS, extra);
                Estimate speedup = p.speedups().actual();
                if (speedup != null) {
                    // 1/x maps the interval [low, high] of the speedup onto [1/high, 1/low]
                    entry(entries, name + " - time relative to the baseline (1/speedup)", "T_P/T_s",
                            new Estimate(1 / speedup.value(), 1 / speedup.high(), 1 / speedup.low()), 1, extra);
                }
                entry(entries, name + " - idle time", "ns/op", p.times().idleTime(), NANOS, extra);
            }
        }
        return json(entries);
    }

    public static void write(Analysis analysis, Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("bencher.json"), bencher(analysis), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("github-action-benchmark.json"), githubActionBenchmark(analysis),
                StandardCharsets.UTF_8);
    }

    /** {@code a.B.sort(size=1000) @ cores=2}: the label every output gives a family at one P. */
    static String name(FamilyAnalysis family, Point p) {
        return Formats.subjectLabel(Subject.of(family, CoresValue.workers(p.cores())));
    }

    private static void put(Map<String, Object> measures, String measure, Estimate e, double scale) {
        if (e == null) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", e.value() * scale);
        m.put("lower_value", e.low() * scale);
        m.put("upper_value", e.high() * scale);
        measures.put(measure, m);
    }

    private static void entry(List<Map<String, Object>> entries, String name, String unit, Estimate e, double scale,
            String extra) {
        if (e == null) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("unit", unit);
        m.put("value", e.value() * scale);
        m.put("range", "[" + Numbers.significant(e.low() * scale, 3, false) + ", "
                + Numbers.significant(e.high() * scale, 3, false) + "]");
        m.put("extra", extra);
        entries.add(m);
    }

    private static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
