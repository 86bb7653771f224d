package dev.factored.gate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** check.json, built as explicit maps so that the field names are exactly the documented ones. */
final class JsonOutput {

    static final int SCHEMA = 1;

    private JsonOutput() {
    }

    static void write(Verdict verdict, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), tree(verdict));
    }

    static Map<String, Object> tree(Verdict v) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("passed", v.passed());
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("total", v.total());
        counts.put("passed", v.count(Status.PASS));
        counts.put("failed", v.count(Status.FAIL));
        counts.put("inconclusive", v.count(Status.INCONCLUSIVE));
        counts.put("skipped", v.count(Status.SKIPPED));
        root.put("counts", counts);
        root.put("notes", v.notes());
        root.put("rules", v.rules().stream().map(JsonOutput::rule).toList());
        root.put("comparisons", v.comparisons().stream().map(JsonOutput::comparison).toList());
        return root;
    }

    private static Map<String, Object> rule(RuleResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", r.status().configName());
        Rule rule = r.rule();
        Map<String, Object> ruleMap = new LinkedHashMap<>();
        ruleMap.put("text", rule.describe());
        ruleMap.put("benchmarks", rule.benchmarks());
        ruleMap.put("params", rule.params());
        ruleMap.put("cores", rule.coresLabel());
        ruleMap.put("metric", rule.metric().configName());
        ruleMap.put("direction", rule.metric().direction().configName());
        ruleMap.put("minimum", number(rule.minimum()));
        ruleMap.put("maximum", number(rule.maximum()));
        ruleMap.put("use", rule.use().configName());
        m.put("rule", ruleMap);
        subject(m, r.subject());
        m.put("metric", rule.metric().configName());
        m.put("measured", estimate(r.measured()));
        m.put("reason", r.reason());
        return m;
    }

    private static Map<String, Object> comparison(ComparisonResult c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", c.status().configName());
        subject(m, c.subject());
        m.put("compared", c.compared().configName());
        m.put("direction", c.compared().direction() == null ? null : c.compared().direction().configName());
        m.put("baseline", estimate(c.baseline()));
        m.put("current", estimate(c.current()));
        m.put("ratio", estimate(c.ratio()));
        m.put("method", c.method() == null ? null : c.method().configName());
        m.put("tolerance", number(c.tolerance()));
        m.put("statistics", statistics(c.statistics()));
        m.put("reason", c.reason());
        return m;
    }

    private static Map<String, Object> statistics(ComparisonResult.Statistics s) {
        if (s == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pValue", number(s.pValue()));
        m.put("adjustedP", number(s.adjustedP()));
        m.put("beyondToleranceP", number(s.beyondToleranceP()));
        m.put("checks", s.checks());
        m.put("minimumDetectableChange", number(s.minimumDetectableChange()));
        m.put("degreesOfFreedom", Double.isInfinite(s.degreesOfFreedom()) ? "infinite" : s.degreesOfFreedom());
        m.put("noise", s.noise());
        return m;
    }

    private static void subject(Map<String, Object> m, Subject s) {
        m.put("family", s == null ? null : s.family());
        m.put("benchmark", s == null ? null : s.benchmark());
        m.put("params", s == null ? null : s.params());
        m.put("mode", s == null ? null : s.mode());
        m.put("cores", s == null || s.cores() == null ? null : s.cores().toString());
    }

    private static Map<String, Object> estimate(Estimate e) {
        if (e == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", number(e.value()));
        m.put("low", number(e.low()));
        m.put("high", number(e.high()));
        if (e.zero() != null) {
            m.put("zero", e.zero()); // analysis.json's spelling: Jackson writes the enum as the model names it
        }
        return m;
    }

    /** JSON has no NaN or infinity: such a number is written as null. */
    private static Double number(Double d) {
        return d == null || !Double.isFinite(d) ? null : d;
    }
}
