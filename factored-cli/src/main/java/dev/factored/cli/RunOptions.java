package dev.factored.cli;

import dev.factored.run.RunSettings;
import dev.factored.run.settings.Defaults;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The run's options, named as the run goal's parameters; {@link #settings()} hands them to factored-run by name. */
final class RunOptions {

    @Option(names = "--cores", paramLabel = "LIST",
            description = "The configurations, comma-separated; default from this machine's topology (see topology).")
    String cores;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "A benchmark not to run (JMH -e), repeatable.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--preset", defaultValue = Defaults.PRESET,
            description = "quick, default or thorough (default: ${DEFAULT-VALUE}).")
    String preset;

    @Option(names = "--forks", description = "Forks per configuration: the number of rounds (JMH -f).")
    Integer forks;

    @Option(names = "--warmupIterations", description = "JMH -wi.")
    Integer warmupIterations;

    @Option(names = "--warmupTime", description = "JMH -w, e.g. 500ms.")
    String warmupTime;

    @Option(names = "--measurementIterations", description = "JMH -i.")
    Integer measurementIterations;

    @Option(names = "--measurementTime", description = "JMH -r, e.g. 2s.")
    String measurementTime;

    @Option(names = "--params", paramLabel = "SPEC", description = "Params to restrict, name=v1,v2;name2=v3.")
    String params;

    @Option(names = "--jmh", paramLabel = "ARG",
            description = "A further JMH argument, repeatable ('--jmh=-tu' '--jmh=us', or '--jmh=-tu us'), read by"
                    + " JMH's own parser before anything runs.")
    List<String> jmhArguments = new ArrayList<>();

    @Option(names = "--order", defaultValue = Defaults.ORDER, description = "rounds or jmh (default: ${DEFAULT-VALUE}).")
    String order;

    @Option(names = "--shareForks", defaultValue = Defaults.SHARE_FORKS, description = "Which configurations of a "
            + "family are measured in turn inside each fork: parallel (every P), all (baseline, elision and every P) or"
            + " none (one configuration per fork) (default: ${DEFAULT-VALUE}).")
    String shareForks;

    @Option(names = "--seed", description = "The seed of the rounds' shuffle; default a fresh one, printed.")
    Long seed;

    @Option(names = "--profilerOptions", description = "Appended as -prof dev.factored.jmh.FactoredProfiler:<options>.")
    String profilerOptions;

    @Option(names = "--hostJvmArgument", paramLabel = "ARG",
            description = "A JVM option of the JMH host JVM (not of the measured forks), repeatable.")
    List<String> hostJvmArguments = new ArrayList<>();

    @Option(names = "--jvm", description = "The java executable that runs JMH; default this one.")
    String jvm;

    @Option(names = "--budget", paramLabel = "TIME", description = "The JMH run's time, after which no further round "
            + "starts, e.g. 4m, 90s, or off (default: the preset's: quick 3m30s, default 20m, thorough 2h).")
    String budget;

    // picocli formats descriptions as format strings: a percent sign is written %%
    @Option(names = "--precision", paramLabel = "SHARE", description = "The half-width further rounds aim at, e.g. 5%% "
            + "(default: the preset's: 5%%, thorough 2%%).")
    String precision;

    @Option(names = "--verbose", description = "Also print JMH's full output (it always goes to jmh.log).")
    boolean verbose;

    /** The settings by name; the includes are the command's positional parameters. */
    RunSettings.Builder settings(List<String> includes) {
        return RunSettings.builder().cores(cores).includes(includes).excludes(excludes).preset(preset).forks(forks)
                .warmupIterations(warmupIterations).warmupTime(warmupTime)
                .measurementIterations(measurementIterations).measurementTime(measurementTime).params(params)
                .jmhArguments(jmhArguments).order(order).shareForks(shareForks).seed(seed).budget(budget).precision(precision)
                .profilerOptions(profilerOptions).verbose(verbose);
    }
}
