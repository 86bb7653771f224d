package dev.factored.jmh.rounds;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.jmh.machine.ForkCores;
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
 * measures, and how many forks it gets. Its {@code cores} value may name configurations in turn ({@link CoresTurn}),
 * which one fork measures together.
 *
 * @param entry       JMH's entry, with the param values (and their order in the values list, which JMH sorts by)
 * @param forks       measured forks, from the command line, else the benchmark's {@code @Fork}, else JMH's default
 * @param warmupForks warmup forks (discarded), the same way
 * @param cores       the entry's {@code cores} param, parsed where the configuration is made from JMH's list
 */
record SuiteConfiguration(BenchmarkListEntry entry, int forks, int warmupForks, ForkCores cores) {

    /** The configuration of JMH's entry: where the text of its {@code cores} param enters the rounds runner. */
    SuiteConfiguration(BenchmarkListEntry entry, int forks, int warmupForks) {
        this(entry, forks, warmupForks, ForkCores.of(entry.getWorkloadParams().get(CoresValue.PARAM)));
    }

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
     * The configurations in turn its {@code cores} value names, or null for one configuration (or none, without a
     * {@code cores} param).
     *
     * @throws IllegalArgumentException naming the value, when it joins values that are no turn ({@code 1+1})
     */
    CoresTurn turn() {
        return cores.namesTurn() ? cores.requireTurn() : null;
    }

    /** The configurations a fork of it measures: the members of its turn, else 1. */
    int members() {
        CoresTurn turn = turn();
        return turn == null ? 1 : turn.members().size();
    }

    /** The same configuration with one member of its turn as its {@code cores} value: that member measured alone. */
    SuiteConfiguration alone(CoresValue member) {
        WorkloadParams params = params().copy();
        params.put(CoresValue.PARAM, member.toString(), 0);
        return new SuiteConfiguration(entry.cloneWith(params), forks, warmupForks, ForkCores.of(member));
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
     * the configuration needs ({@code MoreForks.Request#warmupIterations}). A turn of k members runs k times the
     * warm-up and measurement iterations: the fork runs them in rounds of one iteration of every member, so every
     * member gets the counts a fork of its own would.
     */
    Options options(Options shared, boolean firstRound, Integer warmupIterations) {
        ChainedOptionsBuilder builder = new OptionsBuilder().parent(shared)
                // Includes are regular expressions searched in the name: only an anchored, quoted one is exact.
                .include("^" + Pattern.quote(benchmark()) + "$")
                .mode(mode())
                .forks(forks == 0 ? 0 : 1)
                .warmupForks(firstRound ? warmupForks : 0);
        int members = members();
        if (members > 1) {
            builder.warmupIterations(members * (warmupIterations != null ? warmupIterations : warmupIterations(shared)))
                    .measurementIterations(members * measurementIterations(shared));
        } else if (warmupIterations != null) {
            builder.warmupIterations(warmupIterations);
        }
        for (String name : params().keys()) {
            builder.param(name, params().get(name));
        }
        return builder.build();
    }

    /** A fork's warm-up iterations as JMH decides them: the command line's, else the benchmark's, else its default. */
    private int warmupIterations(Options shared) {
        return shared.getWarmupIterations().orElse(entry.getWarmupIterations().orElse(mode() == Mode.SingleShotTime
                ? Defaults.WARMUP_ITERATIONS_SINGLESHOT : Defaults.WARMUP_ITERATIONS));
    }

    /** A fork's measurement iterations, the same way. */
    private int measurementIterations(Options shared) {
        return shared.getMeasurementIterations().orElse(entry.getMeasurementIterations().orElse(
                mode() == Mode.SingleShotTime ? Defaults.MEASUREMENT_ITERATIONS_SINGLESHOT
                        : Defaults.MEASUREMENT_ITERATIONS));
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
            SuiteConfiguration c = new SuiteConfiguration(entry, forks, warmupForks);
            try {
                c.turn();
            } catch (IllegalArgumentException e) {
                throw new RunnerException("Benchmark \"" + entry.getUsername() + "\": " + e.getMessage());
            }
            result.add(c);
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
