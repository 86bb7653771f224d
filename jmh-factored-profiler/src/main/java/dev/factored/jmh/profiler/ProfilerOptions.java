package dev.factored.jmh.profiler;

import dev.factored.contract.ActivityLog;
import dev.factored.jmh.machine.PinningOrder;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The options of {@code -prof dev.factored.jmh.FactoredProfiler:pin=false;verbose=true}: {@code ;}-separated
 * {@code key=value} pairs, as JMH's own profilers take them (JMH's parser for them is package-private).
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
 */
public record ProfilerOptions(boolean pin, boolean verbose, String activity, boolean commonPool, boolean interference,
        String cpuOrder, PublishedMetrics.Choice metrics) {

    static final ProfilerOptions DEFAULT = new ProfilerOptions(true, false, null, true, true, PinningOrder.TOPOLOGY,
            PublishedMetrics.Choice.ANALYSIS);

    ProfilerOptions(boolean pin, boolean verbose, String activity, boolean commonPool, boolean interference) {
        this(pin, verbose, activity, commonPool, interference, PinningOrder.TOPOLOGY, DEFAULT.metrics);
    }

    private static final Map<String, String> OPTIONS = new LinkedHashMap<>();

    static {
        OPTIONS.put("pin", "true|false (default true): run each fork under `taskset -c <first N CPUs of cpuOrder>` "
                + "with -XX:ActiveProcessorCount=N, where N is the benchmark's `cores` value (1 for baseline "
                + "and elision). With false, or where taskset or Linux is missing, forks are not pinned and "
                + "report factored.pinned = 0.");
        OPTIONS.put("cpuOrder", "topology|plain|<CPU list> (default topology): the order in which configurations "
                + "take the allowed CPUs. topology: one hardware thread of every physical core first (performance "
                + "cores first, a NUMA node and a socket filled before the next), then the SMT siblings in the same "
                + "order; plain: ascending CPU numbers; a list such as 0,2,4,6,1,3,5,7 (commas and ranges, in the order "
                + "written). Configuration P and bandwidth-P take the first P CPUs of it. Print it with "
                + "java -cp <profiler jar> dev.factored.jmh.TopologyMain.");
        OPTIONS.put("verbose", "true|false (default false): print the pinning of every fork and the pool "
                + "counters of every iteration.");
        OPTIONS.put("activity", "<directory> (default: the system property factored.activity, else none): record "
                + "each worker's busy periods in the last operation of every measurement iteration and write them to "
                + "one file per fork in this directory (for the activity timeline and the split of idle time). Use a "
                + "fresh directory per run: the analysis reads every file in it. The Maven plugin sets "
                + "target/factored/activity through the property.");
        OPTIONS.put("commonPool", "true|false (default true): give each fork's common pool a parallelism of P under "
                + "cores=P with P >= 2 (none at P = 1 and under the one-CPU configurations), so that the JDK's "
                + "parallel algorithms, which go sequential at a parallelism of 1, run in parallel on the fork's P "
                + "CPUs. Set false for benchmarks that hand tasks to the common pool and block waiting for them "
                + "outside a join at P = 1, which then need a worker.");
        OPTIONS.put("interference", "true|false (default true): at every iteration boundary, read how much CPU "
                + "time other processes and the hypervisor took from the fork's CPUs (/proc/stat) and how long the "
                + "program's threads waited to run (/proc/self/task/*/schedstat): factored.interference, "
                + "factored.interferenceShare, factored.runDelay, factored.descheduled. False only to measure the "
                + "reading's own cost.");
        OPTIONS.put("metrics", "analysis|all (default analysis): the secondary results JMH gets. analysis: those the "
                + "analysis reads, what the fork's CPUs and the machine are once a fork (its first measurement "
                + "iteration), without JMH's statistics block for each at the end of a configuration; about 10 lines an "
                + "iteration. all: every metric in every iteration (also factored.tasks, factored.interference, "
                + "factored.runDelay), with the blocks.");
        OPTIONS.put("help", "print this text.");
    }

    static String help() {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: -prof dev.factored.jmh.FactoredProfiler[:key=value;key=value]\n")
                .append("Measures the idle time of the FactoredPool per operation (factored.idle) and pins each ")
                .append("fork to the CPUs of its `cores` configuration. Options:\n");
        OPTIONS.forEach((key, text) -> sb.append("  ").append(key).append(" = ").append(text).append('\n'));
        sb.append("Example: -prof \"dev.factored.jmh.FactoredProfiler:pin=false;verbose=true\"");
        return sb.toString();
    }

    /**
     * Parses the text after the profiler's name and the colon.
     *
     * @throws ProfilerException for {@code help}, an unknown option or a bad value, with {@link #help()}
     */
    public static ProfilerOptions parse(String initLine) throws ProfilerException {
        boolean pin = DEFAULT.pin;
        boolean verbose = DEFAULT.verbose;
        String activity = System.getProperty(ActivityLog.PROPERTY);
        boolean commonPool = DEFAULT.commonPool;
        boolean interference = DEFAULT.interference;
        String cpuOrder = DEFAULT.cpuOrder;
        PublishedMetrics.Choice metrics = DEFAULT.metrics;
        if (initLine == null || initLine.isBlank()) {
            return new ProfilerOptions(pin, verbose, activity, commonPool, interference, cpuOrder, metrics);
        }
        for (String item : initLine.split(";")) {
            String trimmed = item.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int eq = trimmed.indexOf('=');
            String key = (eq < 0 ? trimmed : trimmed.substring(0, eq)).strip();
            String value = eq < 0 ? null : trimmed.substring(eq + 1).strip();
            switch (key) {
                case "help" -> throw new ProfilerException(help());
                case "pin" -> pin = bool(key, value);
                case "verbose" -> verbose = bool(key, value);
                case "commonPool" -> commonPool = bool(key, value);
                case "interference" -> interference = bool(key, value);
                case "cpuOrder" -> cpuOrder = cpuOrder(value);
                case "metrics" -> {
                    metrics = PublishedMetrics.Choice.parse(value);
                    if (metrics == null) {
                        throw new ProfilerException("FactoredProfiler: option metrics = '" + value + "' is not "
                                + "analysis or all.\n" + help());
                    }
                }
                case "activity" -> {
                    if (value == null || value.isEmpty()) {
                        throw new ProfilerException("FactoredProfiler: option activity needs a directory, e.g. "
                                + "activity=target/factored/activity.\n" + help());
                    }
                    activity = value;
                }
                default -> throw new ProfilerException("FactoredProfiler: unknown option '" + key + "' in '"
                        + initLine + "'.\n" + help());
            }
        }
        return new ProfilerOptions(pin, verbose, activity, commonPool, interference, cpuOrder, metrics);
    }

    private static String cpuOrder(String value) throws ProfilerException {
        if (value == null || value.isEmpty()) {
            throw new ProfilerException("FactoredProfiler: option cpuOrder needs topology, plain or a CPU list.\n"
                    + help());
        }
        if (value.equalsIgnoreCase(PinningOrder.TOPOLOGY) || value.equalsIgnoreCase(PinningOrder.PLAIN)) {
            return value.toLowerCase(Locale.ROOT);
        }
        try {
            PinningOrder.ordered(value);
        } catch (IllegalArgumentException e) {
            throw new ProfilerException("FactoredProfiler: option cpuOrder = '" + value + "' is not topology, plain "
                    + "or a CPU list: " + e.getMessage() + ".\n" + help());
        }
        return value;
    }

    private static boolean bool(String key, String value) throws ProfilerException {
        if (value == null) {
            // A bare "verbose" reads as verbose=true, as a flag would.
            return true;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ProfilerException("FactoredProfiler: option " + key + " = '" + value
                    + "' is not true or false.\n" + help());
        };
    }
}
