package dev.factored.jmh.rounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * One configuration of a JMH run: a benchmark method in one mode with one value of every param, what one fork
 * measures, and how many forks it gets.
 *
 * @param entry       JMH's entry, with the param values (and their order in the values list, which JMH sorts by)
 * @param forks       measured forks, from the command line, else the benchmark's {@code @Fork}, else JMH's default
 * @param warmupForks warmup forks (discarded), the same way
 */
record SuiteConfiguration(BenchmarkListEntry entry, int forks, int warmupForks) {

    String benchmark() {
        return entry.getUsername();
    }

    Mode mode() {
        return entry.getMode();
    }

    WorkloadParams params() {
        return entry.getWorkloadParams();
    }

    /**
     * The options that run exactly this configuration, once: one fork (none when the command line asks for
     * {@code -f 0}), its warmup forks only in the first round.
     *
     * @param shared the command line's options without the run's selection and outputs ({@link SharedOptions}):
     *               JMH adds a parent's includes to the child's, and every run would write the result file
     */
    Options options(Options shared, boolean firstRound) {
        return options(shared, firstRound, null);
    }

    /**
     * The same, warming up for {@code warmupIterations} instead of the run's count when not null: what the run learned
     * the configuration needs ({@code MoreForks.Request#warmupIterations}).
     */
    Options options(Options shared, boolean firstRound, Integer warmupIterations) {
        ChainedOptionsBuilder builder = new OptionsBuilder().parent(shared)
                // Includes are regular expressions searched in the name: only an anchored, quoted one is exact.
                .include("^" + Pattern.quote(benchmark()) + "$")
                .mode(mode())
                .forks(forks == 0 ? 0 : 1)
                .warmupForks(firstRound ? warmupForks : 0);
        if (warmupIterations != null) {
            builder.warmupIterations(warmupIterations);
        }
        for (String name : params().keys()) {
            builder.param(name, params().get(name));
        }
        return builder.build();
    }

    /** e.g. {@code org.example.Sort.sort avgt cores=2 size=1000}, for messages. */
    String describe() {
        StringBuilder sb = new StringBuilder(benchmark()).append(' ').append(mode().shortLabel());
        for (String name : params().keys()) {
            sb.append(' ').append(name).append('=').append(params().get(name));
        }
        return sb.toString();
    }

    /**
     * The configurations JMH 1.37's {@code Runner} would run for these options, in its order: the selected
     * benchmarks, each in the modes of {@code -bm} (else its own; {@code Mode.All} means every mode), times every
     * combination of its params' values ({@code -p} replaces a param's values).
     *
     * @throws NoBenchmarksException when nothing matches, as JMH does
     * @throws RunnerException       when a param has no values, with JMH's message
     */
    static List<SuiteConfiguration> list(BenchmarkList list, Options options, OutputFormat out)
            throws RunnerException {
        SortedSet<BenchmarkListEntry> selected = list.find(out, options.getIncludes(), options.getExcludes());
        if (selected.isEmpty()) {
            throw new NoBenchmarksException();
        }
        SortedSet<BenchmarkListEntry> modes = new TreeSet<>();
        for (BenchmarkListEntry entry : selected) {
            Collection<Mode> given = options.getBenchModes();
            for (Mode mode : given.isEmpty() ? List.of(entry.getMode()) : given) {
                if (mode == Mode.All) {
                    for (Mode each : Mode.values()) {
                        if (each != Mode.All) {
                            modes.add(entry.cloneWith(each));
                        }
                    }
                } else {
                    modes.add(entry.cloneWith(mode));
                }
            }
        }
        SortedSet<BenchmarkListEntry> configurations = new TreeSet<>();
        for (BenchmarkListEntry entry : modes) {
            if (entry.getParams().hasValue()) {
                for (WorkloadParams params : combinations(entry, options)) {
                    configurations.add(entry.cloneWith(params));
                }
            } else {
                configurations.add(entry);
            }
        }
        List<SuiteConfiguration> result = new ArrayList<>();
        for (BenchmarkListEntry entry : configurations) {
            int forks = options.getForkCount().orElse(entry.getForks().orElse(Defaults.MEASUREMENT_FORKS));
            int warmupForks = options.getWarmupForkCount().orElse(entry.getWarmupForks().orElse(Defaults.WARMUP_FORKS));
            result.add(new SuiteConfiguration(entry, forks, warmupForks));
        }
        return result;
    }

    /** Every combination of the entry's param values, each value with its index (JMH orders by it). */
    private static List<WorkloadParams> combinations(BenchmarkListEntry entry, Options options)
            throws RunnerException {
        List<WorkloadParams> combinations = new ArrayList<>();
        combinations.add(new WorkloadParams());
        for (Map.Entry<String, String[]> param : entry.getParams().get().entrySet()) {
            String name = param.getKey();
            Collection<String> values = options.getParameter(name).orElse(Arrays.asList(param.getValue()));
            if (values.isEmpty()) {
                throw new RunnerException("Benchmark \"" + entry.getUsername() + "\" defines the parameter \"" + name
                        + "\", but no default values.\nDefine the default values within the annotation, or provide"
                        + " the parameter values at runtime.");
            }
            List<WorkloadParams> next = new ArrayList<>();
            for (WorkloadParams before : combinations) {
                int index = 0;
                for (String value : values) {
                    WorkloadParams params = before.copy();
                    params.put(name, value, index++);
                    next.add(params);
                }
            }
            combinations = next;
        }
        return combinations;
    }
}
