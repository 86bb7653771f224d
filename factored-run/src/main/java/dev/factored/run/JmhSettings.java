package dev.factored.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JMH command line of the run goal, built from its parameters. Pure: no Maven, no processes.
 *
 * @param cores        the {@code cores} values, e.g. baseline, elision, 1, 2
 * @param includes     benchmark regular expressions (empty: all)
 * @param excludes     benchmark regular expressions passed with {@code -e}
 * @param preset       the timing preset
 * @param forks        override of the preset's {@code -f}, or null
 * @param warmupIterations      override of {@code -wi}, or null
 * @param warmupTime            override of {@code -w}, or null
 * @param measurementIterations override of {@code -i}, or null
 * @param measurementTime       override of {@code -r}, or null
 * @param params       params to restrict, passed as {@code -p name=values} each (the params property)
 * @param extra        free-form JMH arguments, validated by {@link JmhArguments}; an option named here
 *                     replaces the preset's
 */
public record JmhSettings(
        List<String> cores,
        List<String> includes,
        List<String> excludes,
        Preset preset,
        Integer forks,
        Integer warmupIterations,
        String warmupTime,
        Integer measurementIterations,
        String measurementTime,
        Params params,
        List<String> extra) {

    public JmhSettings {
        cores = List.copyOf(cores);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        params = params == null ? Params.NONE : params;
        // Validates (see JmhArguments) and splits an "-p size=1000" element into the two arguments it means.
        JmhArguments parsed = JmhArguments.parse(extra);
        extra = parsed.arguments();
        for (String name : parsed.params()) {
            if (params.has(name)) {
                throw new IllegalArgumentException("the param '" + name + "' is given twice: in params"
                        + " (factored.params \"" + params.describe() + "\") and with -p " + name
                        + "=… in jmhArguments; give it in one place");
            }
        }
        if (forks != null && forks == 0) {
            throw new IllegalArgumentException("forks = 0: " + JmhArguments.NO_FORKS);
        }
        requirePositive(forks, "forks", true);
        requirePositive(warmupIterations, "warmupIterations", true);
        requirePositive(measurementIterations, "measurementIterations", false);
    }

    /**
     * The settings from the front end's values as given: a null or blank cores list is this machine's default, a
     * null or blank element of a list is left out, a null preset is the default one.
     */
    public static JmhSettings of(String cores, List<String> includes, List<String> excludes, String preset,
                                 Integer forks, Integer warmupIterations, String warmupTime,
                                 Integer measurementIterations, String measurementTime, String params,
                                 List<String> extra) {
        return new JmhSettings(cores == null || cores.isBlank() ? CoresList.defaults() : CoresList.parse(cores),
                SuiteRun.nonBlank(includes), SuiteRun.nonBlank(excludes), Preset.parse(preset), forks,
                warmupIterations, warmupTime, measurementIterations, measurementTime, Params.parse(params),
                SuiteRun.nonBlank(extra));
    }

    /** Arguments after {@code org.openjdk.jmh.Main} for {@code -lp}: the run's selection and params. */
    List<String> listArguments() {
        List<String> args = new ArrayList<>(includes);
        addExcludes(args);
        args.add("-p");
        args.add("cores=" + String.join(",", cores));
        args.addAll(params.arguments());
        args.addAll(extra);
        args.add("-lp");
        return args;
    }

    /** Arguments after {@code org.openjdk.jmh.Main} for the measurement run. */
    List<String> runArguments(List<String> runIncludes, String profiler, String profilerOptions, Path resultFile) {
        List<String> args = new ArrayList<>(runIncludes);
        addExcludes(args);
        args.add("-p");
        args.add("cores=" + String.join(",", cores));
        args.addAll(params.arguments());
        args.add("-prof");
        args.add(profilerOptions == null || profilerOptions.isBlank() ? profiler : profiler + ":" + profilerOptions);
        addTiming(args, "-f", forks != null ? forks.toString() : Integer.toString(preset.forks));
        addTiming(args, "-wi", warmupIterations != null ? warmupIterations.toString()
                : Integer.toString(preset.warmupIterations));
        addTiming(args, "-w", warmupTime != null ? warmupTime : preset.warmupTime);
        addTiming(args, "-i", measurementIterations != null ? measurementIterations.toString()
                : Integer.toString(preset.measurementIterations));
        addTiming(args, "-r", measurementTime != null ? measurementTime : preset.measurementTime);
        args.addAll(extra);
        args.add("-rf");
        args.add("json");
        args.add("-rff");
        args.add(resultFile.toAbsolutePath().toString());
        return args;
    }

    /**
     * The first param this run restricts (with the params property or -p) that none of the benchmarks has, or
     * null. JMH ignores such a param, so a misspelt name would silently measure every value of the real one.
     */
    String paramNoneHas(List<BenchmarkListing.Listed> benchmarks) {
        for (String name : paramNames()) {
            if (benchmarks.stream().noneMatch(b -> b.params().containsKey(name))) {
                return name;
            }
        }
        return null;
    }

    /** The names of the params this run restricts: the params property's, then those given with -p. */
    List<String> paramNames() {
        List<String> names = new ArrayList<>();
        for (Params.Param p : params.entries()) {
            names.add(p.name());
        }
        names.addAll(JmhArguments.parse(extra).params());
        return names;
    }

    /** e.g. {@code preset quick: 1 fork, warmup 2 × 200ms, measurement 3 × 200ms}. */
    public String describeTiming() {
        return "preset " + preset.name().toLowerCase(java.util.Locale.ROOT) + ": "
                + (forks != null ? forks : preset.forks) + " fork(s), warmup "
                + (warmupIterations != null ? warmupIterations : preset.warmupIterations) + " \u00d7 "
                + (warmupTime != null ? warmupTime : preset.warmupTime) + ", measurement "
                + (measurementIterations != null ? measurementIterations : preset.measurementIterations)
                + " \u00d7 " + (measurementTime != null ? measurementTime : preset.measurementTime);
    }

    private void addExcludes(List<String> args) {
        for (String exclude : excludes) {
            args.add("-e");
            args.add(exclude);
        }
    }

    /**
     * Adds a timing option unless the free-form arguments set it, in any form JMH accepts ({@code -f 3},
     * {@code -f3}, {@code -f=3}): JMH rejects an option given twice.
     */
    private void addTiming(List<String> args, String option, String value) {
        if (JmhArguments.parse(extra).setsTiming(option)) {
            return;
        }
        args.add(option);
        args.add(value);
    }

    private static void requirePositive(Integer value, String name, boolean zeroAllowed) {
        if (value != null && (value < 0 || value == 0 && !zeroAllowed)) {
            throw new IllegalArgumentException(name + " = " + value + " is not valid; give "
                    + (zeroAllowed ? "0 or more" : "1 or more"));
        }
    }
}
