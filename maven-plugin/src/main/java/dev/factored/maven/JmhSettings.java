package dev.factored.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
 * @param extra        free-form JMH arguments; an option named here replaces the preset's
 */
record JmhSettings(
        List<String> cores,
        List<String> includes,
        List<String> excludes,
        Preset preset,
        Integer forks,
        Integer warmupIterations,
        String warmupTime,
        Integer measurementIterations,
        String measurementTime,
        List<String> extra) {

    /** Options the goal sets itself: giving them again would make JMH reject the command line. */
    private static final Set<String> RESERVED = Set.of("-rf", "-rff", "-l", "-lp", "-h");

    JmhSettings {
        cores = List.copyOf(cores);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        extra = List.copyOf(extra);
        for (int i = 0; i < extra.size(); i++) {
            String option = optionName(extra.get(i));
            if (RESERVED.contains(option)) {
                throw new IllegalArgumentException("jmhArguments must not contain " + option
                        + ": the goal sets it (results go to target/factored/jmh-result.json)");
            }
            String next = i + 1 < extra.size() ? extra.get(i + 1) : "";
            if (option.equals("-p") && (next.startsWith("cores=") || extra.get(i).startsWith("-pcores="))) {
                throw new IllegalArgumentException("jmhArguments must not set -p cores: use <cores> or -Dfactored.cores");
            }
        }
        requirePositive(forks, "forks", true);
        requirePositive(warmupIterations, "warmupIterations", true);
        requirePositive(measurementIterations, "measurementIterations", false);
    }

    /** Arguments after {@code org.openjdk.jmh.Main} for {@code -lp}: the run's selection and params. */
    List<String> listArguments() {
        List<String> args = new ArrayList<>(includes);
        addExcludes(args);
        args.add("-p");
        args.add("cores=" + String.join(",", cores));
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

    /** e.g. {@code preset quick: 1 fork, warmup 2 × 200ms, measurement 3 × 200ms}. */
    String describeTiming() {
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

    /** Adds a timing option unless the free-form arguments set it (JMH rejects an option given twice). */
    private void addTiming(List<String> args, String option, String value) {
        for (String e : extra) {
            if (optionName(e).equals(option)) {
                return;
            }
        }
        args.add(option);
        args.add(value);
    }

    /** {@code -f} for {@code -f}, {@code -f=3} and {@code -f3}-less forms; the token itself otherwise. */
    private static String optionName(String token) {
        int eq = token.indexOf('=');
        return token.startsWith("-") && eq > 0 ? token.substring(0, eq) : token;
    }

    private static void requirePositive(Integer value, String name, boolean zeroAllowed) {
        if (value != null && (value < 0 || value == 0 && !zeroAllowed)) {
            throw new IllegalArgumentException(name + " = " + value + " is not valid; give "
                    + (zeroAllowed ? "0 or more" : "1 or more"));
        }
    }
}
