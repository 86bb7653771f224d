package dev.factored.run;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresValue;
import dev.factored.run.jmh.BenchmarkListing;
import dev.factored.run.jmh.JmhArguments;
import dev.factored.run.jmh.Timing;
import dev.factored.run.settings.CoresList;
import dev.factored.run.settings.Params;
import dev.factored.run.settings.Setting;
import dev.factored.run.settings.ShareForks;
import dev.factored.run.settings.Spelling;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JMH command line of a run, built from its settings. Pure: no Maven, no processes.
 *
 * @param cores    the {@code cores} values JMH runs, e.g. baseline, elision, span, 1+2 (configurations in turn,
 *                 {@link ShareForks})
 * @param includes benchmark regular expressions (empty: all)
 * @param excludes benchmark regular expressions passed with {@code -e}
 * @param timing   the preset and its overrides
 * @param params   params to restrict, passed as {@code -p name=values} each (the params setting)
 * @param extra    free-form JMH arguments, read by {@link JmhArguments}; an option named here replaces the preset's
 */
public record JmhSettings(List<CoresParam> cores, List<String> includes, List<String> excludes, Timing timing,
                          Params params, JmhArguments extra) {

    public JmhSettings {
        cores = List.copyOf(cores);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        params = params == null ? Params.NONE : params;
    }

    /**
     * The settings from the front end's values as given: a null or blank cores list is this machine's default, a
     * null or blank element of a list is left out; the configurations {@code share} names go to JMH in one turn.
     *
     * @throws IllegalArgumentException naming the setting ({@code spelling}) and the problem
     */
    public static JmhSettings of(String cores, List<String> includes, List<String> excludes, Timing timing,
                                 String params, List<String> jmhArguments, ShareForks share, Spelling spelling) {
        Params parsedParams = Params.parse(params, spelling);
        // Validates (see JmhArguments) and splits an "-p size=1000" element into the two arguments it means.
        JmhArguments extra = JmhArguments.parse(SuiteRun.nonBlank(jmhArguments), spelling);
        for (String name : extra.params()) {
            if (parsedParams.has(name)) {
                throw new IllegalArgumentException("the param '" + name + "' is given twice: in "
                        + spelling.name(Setting.PARAMS) + " (\"" + parsedParams.describe() + "\") and with -p " + name
                        + "=… in " + spelling.name(Setting.JMH_ARGUMENTS) + "; give it in one place");
            }
        }
        List<CoresValue> listed = cores == null || cores.isBlank() ? CoresList.defaults() : CoresList.parse(cores);
        return new JmhSettings(share.values(listed),
                SuiteRun.nonBlank(includes), SuiteRun.nonBlank(excludes), timing, parsedParams, extra);
    }

    /** Arguments after {@code org.openjdk.jmh.Main} for {@code -lp}: the run's selection and params. */
    List<String> listArguments() {
        List<String> args = new ArrayList<>(includes);
        addExcludes(args);
        args.add("-p");
        args.add(CoresValue.PARAM + "=" + CoresParam.spelling(cores));
        args.addAll(params.arguments());
        args.addAll(extra.arguments());
        args.add("-lp");
        return args;
    }

    /** Arguments after {@code org.openjdk.jmh.Main} for the measurement run. */
    List<String> runArguments(List<String> runIncludes, String profiler, String profilerOptions, Path resultFile) {
        List<String> args = new ArrayList<>(runIncludes);
        addExcludes(args);
        args.add("-p");
        args.add(CoresValue.PARAM + "=" + CoresParam.spelling(cores));
        args.addAll(params.arguments());
        args.add("-prof");
        args.add(profilerOptions == null || profilerOptions.isBlank() ? profiler : profiler + ":" + profilerOptions);
        addTiming(args, "-f", Integer.toString(timing.effectiveForks()));
        addTiming(args, "-wi", Integer.toString(timing.effectiveWarmupIterations()));
        addTiming(args, "-w", timing.effectiveWarmupTime());
        addTiming(args, "-i", Integer.toString(timing.effectiveMeasurementIterations()));
        addTiming(args, "-r", timing.effectiveMeasurementTime());
        args.addAll(extra.arguments());
        args.add("-rf");
        args.add("json");
        args.add("-rff");
        args.add(resultFile.toAbsolutePath().toString());
        return args;
    }

    /**
     * The first param this run restricts (with the params setting or -p) that none of the benchmarks has, or
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

    /** The names of the params this run restricts: the params setting's, then those given with -p. */
    List<String> paramNames() {
        List<String> names = new ArrayList<>();
        for (Params.Param p : params.entries()) {
            names.add(p.name());
        }
        names.addAll(extra.params());
        return names;
    }

    /** e.g. {@code preset quick: 1 fork(s), warmup 3 × 200ms, measurement 3 × 200ms}. */
    public String describeTiming() {
        return timing.describe();
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
        if (extra.setsTiming(option)) {
            return;
        }
        args.add(option);
        args.add(value);
    }
}
