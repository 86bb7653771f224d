package dev.factored.jmh.machine;

import dev.factored.contract.CoresValue;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code dev.factored.jmh.TopologyMain} prints, and {@code mvn factored:topology} and {@code factored topology}
 * with it: the machine's CPU topology, the pinning order and the CPUs each default configuration would get, read from
 * {@code /sys}, {@code /sys/fs/cgroup} and {@code /proc/self/status} or from copies of another machine's files.
 */
public final class TopologyReport {

    private TopologyReport() {
    }

    /** The command line of {@code TopologyMain}: prints the report, or the usage; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Path sysfs = CpuTopology.SYSFS;
        Path cgroup = CpuTopology.CGROUP;
        Path procStatus = CpuSet.PROC_SELF_STATUS;
        String cpuOrder = PinningOrder.TOPOLOGY;
        Path procCgroup = null;
        boolean cgroupGiven = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                out.println(USAGE);
                return 0;
            }
            if (i + 1 >= args.length) {
                err.println("topology: " + option + (option.startsWith("--") ? " needs a value" : " is not an option")
                        + "\n" + USAGE);
                return 2;
            }
            String value = args[++i];
            switch (option) {
                case "--sysfs" -> sysfs = Path.of(value);
                case "--cgroup" -> {
                    cgroup = Path.of(value);
                    cgroupGiven = true;
                }
                case "--proc-cgroup" -> procCgroup = Path.of(value);
                case "--proc-status" -> procStatus = Path.of(value);
                case "--cpu-order" -> cpuOrder = value;
                default -> {
                    err.println("topology: unknown option " + option + "\n" + USAGE);
                    return 2;
                }
            }
        }
        if (procCgroup == null && !cgroupGiven) {
            procCgroup = CpuTopology.PROC_SELF_CGROUP;   // this machine: the process's own cgroup and its parents
        }
        CpuTopology topology = read(sysfs, cgroup, procStatus, procCgroup);
        PinningOrder order;
        try {
            order = PinningOrder.of(topology, cpuOrder);
        } catch (IllegalArgumentException e) {
            err.println("topology: " + e.getMessage());
            return 2;
        }
        print(topology, order, out);
        return 0;
    }

    /**
     * The text {@code main} prints for the given files, as {@code mvn factored:topology} and {@code factored topology}
     * print it. A null path stands for this machine's own file; a null {@code procCgroup} for this process's own
     * cgroup when {@code cgroup} is this machine's {@code /sys/fs/cgroup}, else for none (the quota of a copy of
     * another machine's files is read at its root).
     *
     * @throws IllegalArgumentException when {@code cpuOrder} is a list that names no allowed CPU or is not a list
     */
    public static String report(Path sysfs, Path cgroup, Path procStatus, Path procCgroup, String cpuOrder) {
        Path cg = cgroup == null ? CpuTopology.CGROUP : cgroup;
        Path own = procCgroup != null ? procCgroup
                : cg.equals(CpuTopology.CGROUP) ? CpuTopology.PROC_SELF_CGROUP : null;
        CpuTopology topology = read(sysfs == null ? CpuTopology.SYSFS : sysfs, cg,
                procStatus == null ? CpuSet.PROC_SELF_STATUS : procStatus, own);
        PinningOrder order = PinningOrder.of(topology, cpuOrder);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        print(topology, order, out);
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The default {@code cores} configurations for this machine ({@link DefaultCores}): from its topology, or, when
     * the topology or the allowed CPUs cannot be read (not Linux), from the CPUs the JVM sees.
     */
    public static List<CoresValue> defaultCores() {
        CpuTopology topology = CpuTopology.ofThisMachine();
        if (topology.cpus().isEmpty() || topology.allowed() == null || topology.usable().isEmpty()) {
            int cpus = Runtime.getRuntime().availableProcessors();
            return DefaultCores.of(cpus, cpus);
        }
        return DefaultCores.of(topology, PinningOrder.of(topology, PinningOrder.TOPOLOGY));
    }

    /** {@code procCgroup} null: the quota is read at the root of {@code cgroup} only (a copy of another machine's). */
    private static CpuTopology read(Path sysfs, Path cgroup, Path procStatus, Path procCgroup) {
        return procCgroup == null ? CpuTopology.read(sysfs, cgroup, procStatus)
                : CpuTopology.read(sysfs, cgroup, procStatus, procCgroup);
    }

    static final String USAGE = "Usage: java -cp jmh-factored-profiler.jar dev.factored.jmh.TopologyMain "
            + "[--sysfs DIR (default /sys)] [--cgroup DIR (default /sys/fs/cgroup)] "
            + "[--proc-status FILE (default /proc/self/status)] [--proc-cgroup FILE (default /proc/self/cgroup "
            + "unless --cgroup is given: the process's own cgroup, whose quota and its parents' apply)] "
            + "[--cpu-order topology|plain|LIST]";

    static void print(CpuTopology topology, PinningOrder order, PrintStream out) {
        Map<String, List<CpuTopology.Cpu>> cores = CpuTopology.cores(topology.cpus());
        out.println("CPUs: " + topology.cpus().size() + " hardware threads on " + cores.size() + " physical cores");
        for (List<CpuTopology.Cpu> core : cores.values()) {
            CpuTopology.Cpu first = core.get(0);
            out.println("  core " + first.core() + ": socket " + known(first.pkg()) + ", die " + known(first.die())
                    + ", NUMA node " + known(first.node()) + ", kind " + first.kind().word);
        }
        out.println("Allowed CPUs: " + (topology.allowed() == null ? "unknown" : topology.allowed().toString()));
        out.println("CPU quota: " + (topology.quotaCpus() == null ? "none"
                : String.format(Locale.ROOT, "%.2f CPUs", topology.quotaCpus())));
        for (String u : topology.unknown()) {
            out.println("Unknown: " + u);
        }
        out.println("Pinning order (" + order.how() + "): " + join(order.cpus()));
        out.println("Default configurations and their CPUs:");
        for (CoresValue value : DefaultCores.of(topology, order)) {
            List<Integer> cpus = order.first(value.cpus());
            out.println("  cores=" + value + ": CPUs " + join(cpus) + " \u2014 "
                    + CpuLabels.of(topology, cpus).describe());
        }
    }

    private static String known(int n) {
        return n < 0 ? "unknown" : Integer.toString(n);
    }

    private static String join(List<Integer> cpus) {
        List<String> s = new ArrayList<>();
        cpus.forEach(c -> s.add(Integer.toString(c)));
        return String.join(",", s);
    }
}
