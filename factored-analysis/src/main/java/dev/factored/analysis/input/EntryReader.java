package dev.factored.analysis.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Streams one JMH result entry (the parser stands on its START_OBJECT) into a {@link JmhEntry},
 * skipping what the analysis does not use (percentiles, confidence bounds). Messages name the file,
 * the entry's index and, once read (JMH writes it second), its benchmark.
 */
final class EntryReader {

    private final JsonParser p;
    private final int index;
    private final String source;
    private String benchmark;

    EntryReader(JsonParser p, int index, String source) {
        this.p = p;
        this.index = index;
        this.source = source;
    }

    private String where() {
        return source + ": entry " + index + (benchmark == null ? "" : " (" + benchmark + ")");
    }

    private AnalysisInputException error(String path, String problem) {
        return new AnalysisInputException(where() + ": " + (path.isEmpty() ? "" : path + ": ") + problem);
    }

    JmhEntry read() throws IOException, AnalysisInputException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error("", "expected an object, found " + JmhJsonReader.kind(p));
        }
        String mode = null;
        int threads = 1;
        int forks = 0;
        String jvm = null;
        List<String> jvmArgs = List.of();
        String jdkVersion = null;
        String vmName = null;
        String vmVersion = null;
        String jmhVersion = null;
        int warmupIterations = 0;
        String warmupTime = null;
        int warmupBatchSize = 1;
        int measurementIterations = 0;
        String measurementTime = null;
        int measurementBatchSize = 1;
        Map<String, String> params = new LinkedHashMap<>();
        JmhMetric primary = null;
        Map<String, JmhMetric> secondary = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "benchmark" -> {
                    String b = text(field);
                    if (b == null || b.isBlank()) {
                        throw error("", "no \"benchmark\" name");
                    }
                    benchmark = b;
                }
                case "mode" -> mode = text(field);
                case "threads" -> threads = integer(field, 1);
                case "forks" -> forks = integer(field, 0);
                case "jvm" -> jvm = text(field);
                case "jvmArgs" -> jvmArgs = strings(field);
                case "jdkVersion" -> jdkVersion = text(field);
                case "vmName" -> vmName = text(field);
                case "vmVersion" -> vmVersion = text(field);
                case "jmhVersion" -> jmhVersion = text(field);
                case "warmupIterations" -> warmupIterations = integer(field, 0);
                case "warmupTime" -> warmupTime = text(field);
                case "warmupBatchSize" -> warmupBatchSize = integer(field, 1);
                case "measurementIterations" -> measurementIterations = integer(field, 0);
                case "measurementTime" -> measurementTime = text(field);
                case "measurementBatchSize" -> measurementBatchSize = integer(field, 1);
                case "params" -> params = params(field);
                case "primaryMetric" -> primary = p.currentToken() == JsonToken.VALUE_NULL ? null : metric("primaryMetric", true);
                case "secondaryMetrics" -> secondary = secondary();
                default -> p.skipChildren();
            }
        }
        if (benchmark == null) {
            throw error("", "no \"benchmark\" name");
        }
        if (mode == null) {
            throw error("", "missing \"mode\"");
        }
        if (!JmhJsonReader.MODES.contains(mode)) {
            throw error("", "unknown mode \"" + mode + "\" (expected one of avgt, thrpt, sample, ss)");
        }
        if (primary == null) {
            throw error("", "missing primaryMetric (not a JMH result entry?)");
        }
        return new JmhEntry(index, benchmark, mode, Collections.unmodifiableMap(params),
                new JvmRuntime(jmhVersion, jdkVersion, vmName, vmVersion, jvm, jvmArgs),
                new JmhSettings(threads, forks, warmupIterations, warmupTime, warmupBatchSize, measurementIterations,
                        measurementTime, measurementBatchSize), primary, Collections.unmodifiableMap(secondary));
    }

    private String text(String field) throws IOException, AnalysisInputException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (!t.isScalarValue()) {
            throw error("", "\"" + field + "\" must be a string, found " + JmhJsonReader.kind(p));
        }
        return p.getText();
    }

    private int integer(String field, int absent) throws IOException, AnalysisInputException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return absent;
        }
        if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            throw error("", "\"" + field + "\" must be an integer, found " + JmhJsonReader.kind(p));
        }
        return p.getIntValue();
    }

    private List<String> strings(String field) throws IOException, AnalysisInputException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return List.of();
        }
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw error("", "\"" + field + "\" must be an array of strings, found " + JmhJsonReader.kind(p));
        }
        List<String> values = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (!p.currentToken().isScalarValue() || p.currentToken() == JsonToken.VALUE_NULL) {
                throw error("", "\"" + field + "\" must hold strings, found " + JmhJsonReader.kind(p));
            }
            values.add(p.getText());
        }
        return Collections.unmodifiableList(values);
    }

    private Map<String, String> params(String field) throws IOException, AnalysisInputException {
        Map<String, String> values = new LinkedHashMap<>();
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return values;
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error("", "\"" + field + "\" must be an object, found " + JmhJsonReader.kind(p));
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if (!p.currentToken().isScalarValue() || p.currentToken() == JsonToken.VALUE_NULL) {
                throw error("", field + "." + name + " must be a string, found " + JmhJsonReader.kind(p));
            }
            values.put(name, p.getText());
        }
        return values;
    }

    private Map<String, JmhMetric> secondary() throws IOException, AnalysisInputException {
        Map<String, JmhMetric> metrics = new LinkedHashMap<>();
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return metrics;
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error("", "secondaryMetrics must be an object, found " + JmhJsonReader.kind(p));
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String label = p.currentName();
            p.nextToken();
            metrics.put(label, metric("secondaryMetrics." + label, false));
        }
        return metrics;
    }

    private JmhMetric metric(String path, boolean primary) throws IOException, AnalysisInputException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw error(path, "expected an object, found " + JmhJsonReader.kind(p));
        }
        double score = Double.NaN;
        double scoreError = Double.NaN;
        String unit = null;
        double[][] raw = null;
        double[][] histogram = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "score" -> score = number(path + ": \"score\"", true);
                case "scoreError" -> scoreError = number(path + ": \"scoreError\"", true);
                case "scoreUnit" -> {
                    if (p.currentToken() != JsonToken.VALUE_STRING) {
                        throw error(path, "\"scoreUnit\" must be a string, found " + JmhJsonReader.kind(p));
                    }
                    unit = p.getText();
                }
                case "rawData" -> raw = rawData(path + ".rawData");
                case "rawDataHistogram" -> histogram = histogramMeans(path + ".rawDataHistogram");
                default -> p.skipChildren();
            }
        }
        if (unit == null) {
            throw error(path, "missing \"scoreUnit\"");
        }
        if (raw == null && histogram == null && primary) {
            throw error(path, "has neither rawData nor rawDataHistogram: the samples are needed for confidence "
                    + "intervals");
        }
        return new JmhMetric(score, scoreError, unit, raw != null ? raw : histogram, raw == null && histogram != null);
    }

    /**
     * {@link #number(String, boolean)} of the element {@code [i][j]} under {@code path}, whose path is spelled only
     * for an error message, not once for every sample read (issue 43).
     */
    private double number(String path, int i, int j) throws IOException, AnalysisInputException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            return p.getDoubleValue();
        }
        return number(path + "[" + i + "][" + j + "]", false);
    }

    /** A number, or one of the strings JMH writes for non-finite values; null gives NaN when allowed. */
    private double number(String path, boolean nullable) throws IOException, AnalysisInputException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            return p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_NULL && nullable) {
            return Double.NaN;
        }
        if (t == JsonToken.VALUE_STRING) {
            double v = Json.nonFinite(p.getText());
            if (v == v || "NaN".equals(p.getText())) {
                return v;
            }
        }
        throw error("", path + ": expected a number, found "
                + JmhJsonReader.kind(p));
    }

    private double[][] rawData(String path) throws IOException, AnalysisInputException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw error(path, "expected [fork][iteration] arrays, found " + JmhJsonReader.kind(p));
        }
        List<double[]> forks = new ArrayList<>();
        int f = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw error(path + "[" + f + "]", "expected an array of iterations, found " + JmhJsonReader.kind(p));
            }
            double[] values = new double[8];
            int n = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (n == values.length) {
                    values = java.util.Arrays.copyOf(values, n * 2);
                }
                values[n] = number(path, f, n);
                n++;
            }
            forks.add(java.util.Arrays.copyOf(values, n));
            f++;
        }
        return nonEmpty(forks, path);
    }

    // Sample mode keeps every operation's time as [value, count] pairs; the mean of each iteration is
    // what avgt would have reported for it, so both modes feed the same analysis.
    private double[][] histogramMeans(String path) throws IOException, AnalysisInputException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw error(path, "expected [fork][iteration][[value, count], …], found " + JmhJsonReader.kind(p));
        }
        List<double[]> forks = new ArrayList<>();
        int f = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw error(path + "[" + f + "]", "expected an array of iterations, found " + JmhJsonReader.kind(p));
            }
            List<Double> means = new ArrayList<>();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                String at = path + "[" + f + "][" + i + "]";
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    throw error(at, "expected [[value, count], …], found " + JmhJsonReader.kind(p));
                }
                double sum = 0;
                double count = 0;
                int k = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (p.currentToken() != JsonToken.START_ARRAY) {
                        throw error(at + "[" + k + "]", "expected a [value, count] pair, found " + JmhJsonReader.kind(p));
                    }
                    p.nextToken();
                    double value = number(at, k, 0);
                    p.nextToken();
                    double n = number(at, k, 1);
                    if (p.nextToken() != JsonToken.END_ARRAY) {
                        throw error(at + "[" + k + "]", "expected a [value, count] pair, found more");
                    }
                    sum += value * n;
                    count += n;
                    k++;
                }
                if (!(count > 0)) {
                    throw error(at, "the iteration has no samples");
                }
                means.add(sum / count);
                i++;
            }
            double[] values = new double[means.size()];
            for (int j = 0; j < values.length; j++) {
                values[j] = means.get(j);
            }
            forks.add(values);
            f++;
        }
        return nonEmpty(forks, path);
    }

    private double[][] nonEmpty(List<double[]> forks, String path) throws AnalysisInputException {
        forks.removeIf(fork -> fork.length == 0);
        if (forks.isEmpty()) {
            throw error(path, "no samples (no fork has a measurement iteration)");
        }
        return forks.toArray(new double[0][]);
    }
}
