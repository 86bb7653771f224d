package dev.factored.jmh.profiler;

import dev.factored.contract.ActivityLog;
import dev.factored.jmh.machine.PinningOrder;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import joptsimple.ArgumentAcceptingOptionSpec;
import joptsimple.HelpFormatter;
import joptsimple.OptionDescriptor;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import joptsimple.ValueConversionException;
import joptsimple.ValueConverter;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The options of {@code -prof dev.factored.jmh.FactoredProfiler:pin=false;verbose=true}: {@code ;}-separated
 * {@code key=value} pairs, declared and parsed with jopt-simple as JMH's own profilers do (JMH's helper for the init
 * line is package-private): each option is a typed {@link OptionSpec} with its values, its default and what it does,
 * and the help is made from those declarations. As before jopt-simple took them: blanks around keys and values do not
 * count, an option is named in full (no abbreviations), a true/false option given without a value is true, and of an
 * option given twice the last counts.
 *
 * <p>Only what jopt-simple 4.6 and 5 both have is used: a project that declares an older JMH (1.21 brings 4.6) runs
 * the profiler with that.
 *
 * @param pin      pin each fork to the CPUs of its {@code cores} configuration with taskset
 * @param verbose  print the pinning commands and every iteration's pool counters
 * @param activity the directory for the activity side files (null: no activity recorded); by default the host
 *                 JVM's system property {@code factored.activity}, which the Maven plugin sets
 * @param commonPool size each fork's common pool so that exactly P threads run common-pool code
 * @param interference read what other processes took from the fork's CPUs at every iteration boundary
 * @param cpuOrder the order in which configurations take CPUs: {@code topology}, {@code plain} or a CPU list
 *                 ({@link PinningOrder#of})
 * @param metrics  which secondary results JMH gets: what the analysis reads, quietly, or all ({@link PublishedMetrics})
 * @param quietCompilers keep the JIT compilers out of the measured time ({@link dev.factored.jmh.machine.CompilerQuiet},
 *                 {@link dev.factored.jmh.machine.CompilerPriority})
 */
public record ProfilerOptions(boolean pin, boolean verbose, String activity, boolean commonPool, boolean interference,
        String cpuOrder, PublishedMetrics.Choice metrics, boolean quietCompilers) {

    private static final boolean PINNED = true;
    private static final boolean QUIET = false;
    /** No activity recorded unless the init line or the host's system property names a directory. */
    private static final String NO_ACTIVITY = null;
    private static final boolean COMMON_POOL_SIZED = true;
    private static final boolean INTERFERENCE_READ = true;
    private static final boolean COMPILERS_AWAITED = true;

    /** Each option's value when the init line does not give it (the help shows them). */
    static final ProfilerOptions DEFAULT = new ProfilerOptions(PINNED, QUIET, NO_ACTIVITY, COMMON_POOL_SIZED,
            INTERFERENCE_READ, PinningOrder.TOPOLOGY, PublishedMetrics.Choice.ANALYSIS, COMPILERS_AWAITED);

    private static final Values<Boolean> BOOLEAN = new Values<>(Boolean.class, "true|false", "true or false",
            value -> switch (value.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException();
            });

    private static final Values<String> CPU_ORDER = new Values<>(String.class, "topology|plain|<CPU list>",
            "topology, plain or a CPU list", value -> {
                if (value.equalsIgnoreCase(PinningOrder.TOPOLOGY) || value.equalsIgnoreCase(PinningOrder.PLAIN)) {
                    return value.toLowerCase(Locale.ROOT);
                }
                PinningOrder.ordered(value); // throws, with what is wrong with the list
                return value;
            });

    private static final Values<String> DIRECTORY = new Values<>(String.class, "<directory>",
            "a directory, e.g. activity=target/factored/activity", Function.identity());

    private static final Values<PublishedMetrics.Choice> METRICS = new Values<>(PublishedMetrics.Choice.class,
            "analysis|all", "analysis or all", value -> {
                PublishedMetrics.Choice choice = PublishedMetrics.Choice.parse(value);
                if (choice == null) {
                    throw new IllegalArgumentException();
                }
                return choice;
            });

    /**
     * The declared options, in the order the help lists them; made for each parse, as JMH's profilers make theirs.
     */
    private static final class Declared {

        final OptionParser parser = new OptionParser();
        /** Every option by its name, as declared. */
        final Map<String, Option<?>> options = new LinkedHashMap<>();

        final Option<Boolean> pin = declare("pin", BOOLEAN, DEFAULT.pin, "run each fork under `taskset -c <first N "
                + "CPUs of cpuOrder>` with -XX:ActiveProcessorCount=N, where N is the benchmark's `cores` value (1 for "
                + "baseline and elision). With false, or where taskset or Linux is missing, forks are not pinned and "
                + "report factored.pinned = 0.");
        final Option<String> cpuOrder = declare("cpuOrder", CPU_ORDER, DEFAULT.cpuOrder, "the order in which "
                + "configurations take the allowed CPUs. topology: one hardware thread of every physical core first "
                + "(performance cores first, a NUMA node and a socket filled before the next), then the SMT siblings "
                + "in the same order; plain: ascending CPU numbers; a list such as 0,2,4,6,1,3,5,7 (commas and ranges, "
                + "in the order written). Configuration P and bandwidth-P take the first P CPUs of it. Print it with "
                + "java -cp <profiler jar> dev.factored.jmh.TopologyMain.");
        final Option<Boolean> verbose = declare("verbose", BOOLEAN, DEFAULT.verbose, "print the pinning of every fork "
                + "and the pool counters of every iteration.");
        final Option<String> activity = declare("activity", DIRECTORY, null, "record each worker's busy periods in "
                + "the last operation of every measurement iteration and write them to one file per fork in this "
                + "directory (for the activity timeline and the split of idle time). Use a fresh directory per run: "
                + "the analysis reads every file in it. Without it, the directory the system property "
                + "factored.activity names, else none: the Maven plugin sets target/factored/activity through the "
                + "property.");
        final Option<Boolean> commonPool = declare("commonPool", BOOLEAN, DEFAULT.commonPool, "give each fork's "
                + "common pool a parallelism of P under cores=P with P >= 2 (none at P = 1 and under the one-CPU "
                + "configurations), so that the JDK's parallel algorithms, which go sequential at a parallelism of 1, "
                + "run in parallel on the fork's P CPUs. Set false for benchmarks that hand tasks to the common pool "
                + "and block waiting for them outside a join at P = 1, which then need a worker.");
        final Option<Boolean> interference = declare("interference", BOOLEAN, DEFAULT.interference, "at every "
                + "iteration boundary, read how much CPU time other processes and the hypervisor took from the fork's "
                + "CPUs (/proc/stat) and how long the program's threads waited to run (/proc/self/task/*/schedstat): "
                + "factored.interference, factored.interferenceReading (factored.interferenceShare with metrics=all), "
                + "factored.runDelay, factored.descheduled, factored.workerWait. False "
                + "only to measure the reading's own cost.");
        final Option<PublishedMetrics.Choice> metrics = declare("metrics", METRICS, DEFAULT.metrics, "the secondary "
                + "results JMH gets. analysis: those the analysis reads, what the fork's CPUs and the machine are once "
                + "a fork (its first measurement iteration), without JMH's statistics block for each at the end of a "
                + "configuration; about 10 lines an iteration. all: every metric in every iteration (also "
                + "factored.tasks, factored.interference, factored.runDelay), with the blocks.");
        final Option<Boolean> quietCompilers = declare("quietCompilers", BOOLEAN, DEFAULT.quietCompilers, "keep the "
                + "JIT compilers out of the measured time: before every iteration, wait until they have stopped running "
                + "(their threads' time in /proc/self/task/*/schedstat; at most half an iteration's time), so that a "
                + "compile the code between iterations started does not run on into the next; and where they share "
                + "the measured CPUs (no spare CPU), run them under SCHED_IDLE (chrt), on what the program leaves "
                + "idle. False to measure iterations as they come.");
        final OptionSpec<Void> help = parser.accepts("help", "print this text.");

        Declared() {
            List<String> order = new ArrayList<>(options.keySet());
            order.add("help");
            parser.formatHelpWith(new Help(order));
        }

        @SuppressWarnings("unchecked") // defaultsTo(V, V...): no further defaults
        private <T> Option<T> declare(String name, Values<T> values, T byDefault, String description) {
            ArgumentAcceptingOptionSpec<T> spec = parser.accepts(name, description).withOptionalArg()
                    .withValuesConvertedBy(values);
            if (byDefault != null) {
                spec.defaultsTo(byDefault);
            }
            Option<T> option = new Option<>(name, values, spec);
            options.put(name, option);
            return option;
        }

        String help() {
            StringWriter text = new StringWriter();
            try {
                parser.printHelpOn(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a StringWriter does not fail
            }
            return text.toString();
        }
    }

    /** A declared option: its name, its values and jopt-simple's spec of it. */
    private record Option<T>(String name, Values<T> values, OptionSpec<T> spec) {
    }

    /**
     * The values an option takes: their pattern (the help's), what a value must be (the error's), and the conversion,
     * which throws {@link IllegalArgumentException}, with what is wrong if it can say, for a value it does not take.
     */
    private record Values<T>(Class<T> type, String pattern, String needs, Function<String, T> parse)
            implements ValueConverter<T> {

        @Override
        public T convert(String value) {
            try {
                return parse.apply(value);
            } catch (IllegalArgumentException e) {
                throw new ValueConversionException("'" + value + "' is not " + needs
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
            }
        }

        @Override
        public Class<? extends T> valueType() {
            return type;
        }

        @Override
        public String valuePattern() {
            return pattern;
        }
    }

    /**
     * The help from the declarations: the usage, then every option in the order declared as
     * {@code name = values (default d): what it does}, then an example.
     */
    private static final class Help implements HelpFormatter {

        private final List<String> order;

        Help(List<String> order) {
            this.order = order;
        }

        @Override
        public String format(Map<String, ? extends OptionDescriptor> declared) {
            StringBuilder sb = new StringBuilder();
            sb.append("Usage: -prof dev.factored.jmh.FactoredProfiler[:key=value;key=value]\n")
                    .append("Measures the idle time of the FactoredPool per operation (factored.idle) and pins each ")
                    .append("fork to the CPUs of its `cores` configuration. Options:\n");
            for (String name : order) {
                OptionDescriptor option = declared.get(name);
                sb.append("  ").append(name).append(" = ");
                if (option.acceptsArguments()) {
                    sb.append(option.argumentTypeIndicator());
                    List<?> defaults = option.defaultValues();
                    if (!defaults.isEmpty()) {
                        sb.append(" (default ").append(shown(defaults.get(0))).append(')');
                    }
                    sb.append(": ");
                }
                sb.append(option.description()).append('\n');
            }
            sb.append("Example: -prof \"dev.factored.jmh.FactoredProfiler:pin=false;verbose=true\"");
            return sb.toString();
        }

        private static String shown(Object value) {
            return value instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : String.valueOf(value);
        }
    }

    /** The help text: every option, its values, default and meaning. */
    static String help() {
        return new Declared().help();
    }

    /**
     * Parses the text after the profiler's name and the colon.
     *
     * @throws ProfilerException for {@code help}, an unknown option or a bad value, with {@link #help()}
     */
    public static ProfilerOptions parse(String initLine) throws ProfilerException {
        Declared declared = new Declared();
        List<String> arguments = new ArrayList<>();
        for (String item : (initLine == null ? "" : initLine).split(";")) {
            String trimmed = item.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int eq = trimmed.indexOf('=');
            String key = (eq < 0 ? trimmed : trimmed.substring(0, eq)).strip();
            String value = eq < 0 ? null : trimmed.substring(eq + 1).strip();
            if (key.equals("help")) {
                throw new ProfilerException(declared.help());
            }
            Option<?> option = declared.options.get(key);
            if (option == null) {
                throw new ProfilerException("FactoredProfiler: unknown option '" + key + "' in '" + initLine + "'.\n"
                        + declared.help());
            }
            // A bare true/false option reads as true, as a flag would; an empty value is no value (one is needed).
            boolean flag = value == null && option.values() == BOOLEAN;
            arguments.add("--" + key + (flag ? "=true" : value == null || value.isEmpty() ? "" : "=" + value));
        }
        OptionSet set;
        try {
            set = declared.parser.parse(arguments.toArray(new String[0]));
        } catch (OptionException e) {
            throw new ProfilerException("FactoredProfiler: " + e.getMessage() + " in '" + initLine + "'.\n"
                    + declared.help());
        }
        String activity = value(set, declared.activity, declared);
        return new ProfilerOptions(value(set, declared.pin, declared), value(set, declared.verbose, declared),
                activity != null ? activity : System.getProperty(ActivityLog.PROPERTY),
                value(set, declared.commonPool, declared), value(set, declared.interference, declared),
                value(set, declared.cpuOrder, declared), value(set, declared.metrics, declared),
                value(set, declared.quietCompilers, declared));
    }

    /** The option's value: the last one given, else its default (null when it has none). */
    private static <T> T value(OptionSet set, Option<T> option, Declared declared) throws ProfilerException {
        if (set.has(option.spec()) && !set.hasArgument(option.spec())) {
            throw new ProfilerException("FactoredProfiler: option " + option.name() + " needs "
                    + option.values().needs() + ".\n" + declared.help());
        }
        try {
            List<T> values = set.valuesOf(option.spec());
            return values.isEmpty() ? null : values.get(values.size() - 1);
        } catch (OptionException e) {
            String why = e.getCause() instanceof ValueConversionException v ? v.getMessage() : e.getMessage();
            throw new ProfilerException("FactoredProfiler: option " + option.name() + " = " + why + ".\n"
                    + declared.help());
        }
    }
}
