package dev.factored.run.jmh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The benchmarks JMH would run, read from its {@code -lp} output:
 * <pre>
 * Benchmarks:
 * org.example.SortBenchmark.sort
 *   param "cores" = {baseline, elision, 1, 2}
 *   param "size" = {1000}
 * </pre>
 * {@code -p} overrides are already applied to the listed values.
 */
public record BenchmarkListing(List<Listed> benchmarks) {

    /** One benchmark method and its params' values, in JMH's order. */
    public record Listed(String name, Map<String, List<String>> params) {

        boolean hasCores() {
            return params.containsKey("cores");
        }

        /** Configurations JMH will run for this method: the product of its params' value counts. */
        public int configurations() {
            int n = 1;
            for (List<String> values : params.values()) {
                n *= Math.max(1, values.size());
            }
            return n;
        }
    }

    private static final Pattern PARAM = Pattern.compile("^\\s+param \"([^\"]*)\" = \\{(.*)}\\s*$");
    private static final Pattern NAME = Pattern.compile("^[\\p{L}_$][\\p{L}\\p{N}_$.]*$");

    public static BenchmarkListing parse(List<String> lines) {
        List<Listed> benchmarks = new ArrayList<>();
        boolean started = false;
        String name = null;
        Map<String, List<String>> params = null;
        for (String line : lines) {
            if (!started) {
                started = line.trim().equals("Benchmarks:");
                continue;
            }
            Matcher param = PARAM.matcher(line);
            if (param.matches() && name != null) {
                params.put(param.group(1), splitValues(param.group(2)));
            } else if (NAME.matcher(line.trim()).matches() && !line.startsWith(" ")) {
                if (name != null) {
                    benchmarks.add(new Listed(name, params));
                }
                name = line.trim();
                params = new LinkedHashMap<>();
            }
        }
        if (name != null) {
            benchmarks.add(new Listed(name, params));
        }
        return new BenchmarkListing(List.copyOf(benchmarks));
    }

    private static List<String> splitValues(String joined) {
        List<String> values = new ArrayList<>();
        for (String value : joined.split(", ", -1)) {
            values.add(value);
        }
        return values;
    }

    public List<Listed> withCores() {
        return benchmarks.stream().filter(Listed::hasCores).toList();
    }

    public List<Listed> withoutCores() {
        return benchmarks.stream().filter(b -> !b.hasCores()).toList();
    }

    int configurations() {
        int n = 0;
        for (Listed b : benchmarks) {
            n += b.configurations();
        }
        return n;
    }
}
