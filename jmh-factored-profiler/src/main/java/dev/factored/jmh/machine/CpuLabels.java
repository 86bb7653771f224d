package dev.factored.jmh.machine;

import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a set of CPUs is on its machine: the label of one configuration's CPUs.
 *
 * @param cpus              hardware threads in the set
 * @param physicalCores     physical cores they belong to
 * @param smt               some core gives the set more than one of its hardware threads (they share it)
 * @param numaNodes         NUMA nodes spanned; 0 when unknown
 * @param sockets           packages spanned; 0 when unknown
 * @param performanceCpus   hardware threads on performance cores; -1 when the kernel does not say (not hybrid)
 * @param efficiencyCpus    hardware threads on efficiency cores; -1 when the kernel does not say
 * @param quotaCpus         the cgroup's CPU quota in CPUs, null when none
 * @param overQuota         more CPUs than the quota: the workers share the quota, as if oversubscribed
 */
public record CpuLabels(int cpus, int physicalCores, boolean smt, int numaNodes, int sockets, int performanceCpus,
        int efficiencyCpus, Double quotaCpus, boolean overQuota) {

    static CpuLabels of(CpuTopology topology, List<Integer> chosen) {
        List<CpuTopology.Cpu> known = new ArrayList<>();
        for (int id : chosen) {
            CpuTopology.Cpu cpu = topology.cpu(id);
            known.add(cpu != null ? cpu : new CpuTopology.Cpu(id, Integer.toString(id), -1, -1, -1,
                    CpuTopology.Kind.UNKNOWN));
        }
        Map<String, List<CpuTopology.Cpu>> cores = CpuTopology.cores(known);
        boolean smt = cores.values().stream().anyMatch(c -> c.size() > 1);
        TreeSet<Integer> nodes = new TreeSet<>();
        TreeSet<Integer> packages = new TreeSet<>();
        boolean nodeUnknown = false;
        boolean packageUnknown = false;
        int performance = 0;
        int efficiency = 0;
        boolean kindsKnown = topology.cpus().stream().anyMatch(c -> c.kind() != CpuTopology.Kind.UNKNOWN);
        for (CpuTopology.Cpu c : known) {
            nodeUnknown |= c.node() < 0;
            packageUnknown |= c.pkg() < 0;
            nodes.add(c.node());
            packages.add(c.pkg());
            performance += c.kind() == CpuTopology.Kind.PERFORMANCE ? 1 : 0;
            efficiency += c.kind() == CpuTopology.Kind.EFFICIENCY ? 1 : 0;
        }
        Double quota = topology.quotaCpus();
        return new CpuLabels(known.size(), cores.size(), smt, nodeUnknown ? 0 : nodes.size(),
                packageUnknown ? 0 : packages.size(), kindsKnown ? performance : -1, kindsKnown ? efficiency : -1,
                quota, quota != null && known.size() > quota + 1e-9);
    }

    /** System property of the fork: {@link #metrics} as {@code label=value,…}, reported as its secondary metrics. */
    public static final String PROPERTY = "factored.cpuLabels";

    /**
     * System property of a turn's fork ({@code cores=1+2}): as {@link #PROPERTY}, of the CPUs of its members of
     * {@code cpus} CPUs (the first {@code cpus} of its measured ones in pinning order), so that each member's
     * iterations say what its own fork would.
     */
    public static String memberProperty(int cpus) {
        return PROPERTY + "." + cpus;
    }

    /**
     * These labels and the machine's topology as the profiler's metrics ({@link ProfilerMetrics#PHYSICAL_CORES}
     * and the rest), leaving out what is unknown.
     */
    Map<String, Double> metrics(CpuTopology topology) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(ProfilerMetrics.PHYSICAL_CORES, (double) physicalCores);
        m.put(ProfilerMetrics.SMT, smt ? 1.0 : 0.0);
        if (numaNodes > 0) {
            m.put(ProfilerMetrics.NUMA_NODES, (double) numaNodes);
        }
        if (sockets > 0) {
            m.put(ProfilerMetrics.SOCKETS, (double) sockets);
        }
        if (performanceCpus >= 0) {
            m.put(ProfilerMetrics.PERFORMANCE_CPUS, (double) performanceCpus);
            m.put(ProfilerMetrics.EFFICIENCY_CPUS, (double) efficiencyCpus);
        }
        if (quotaCpus != null) {
            m.put(ProfilerMetrics.CPU_QUOTA, quotaCpus);
        }
        List<CpuTopology.Cpu> all = topology.cpus();
        if (!all.isEmpty()) {
            m.put(ProfilerMetrics.MACHINE_CPUS, (double) all.size());
            m.put(ProfilerMetrics.MACHINE_PHYSICAL_CORES, (double) CpuTopology.cores(all).size());
            if (all.stream().allMatch(c -> c.pkg() >= 0)) {
                m.put(ProfilerMetrics.MACHINE_SOCKETS, (double) all.stream().mapToInt(CpuTopology.Cpu::pkg)
                        .distinct().count());
            }
            if (all.stream().allMatch(c -> c.node() >= 0)) {
                m.put(ProfilerMetrics.MACHINE_NUMA_NODES, (double) all.stream().mapToInt(CpuTopology.Cpu::node)
                        .distinct().count());
            }
            if (topology.allowed() != null) {
                m.put(ProfilerMetrics.MACHINE_ALLOWED_CPUS, (double) topology.usable().size());
                m.put(ProfilerMetrics.MACHINE_ALLOWED_CORES, (double) CpuTopology.cores(topology.usable()).size());
            }
        }
        return m;
    }

    /** {@link #metrics} as the value of {@link #PROPERTY}. */
    String property(CpuTopology topology) {
        StringBuilder sb = new StringBuilder();
        metrics(topology).forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=')
                .append(v == Math.rint(v) ? Long.toString(v.longValue()) : Double.toString(v)));
        return sb.toString();
    }

    /** Reads {@link #PROPERTY}; entries that are not {@code factored.<name>=<number>} are skipped. */
    public static Map<String, Double> parseProperty(String value) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (value == null) {
            return m;
        }
        for (String item : value.split(",")) {
            int eq = item.indexOf('=');
            if (eq <= 0 || !item.startsWith(ProfilerMetrics.PREFIX)) {
                continue;
            }
            try {
                double v = Double.parseDouble(item.substring(eq + 1));
                if (Double.isFinite(v)) {
                    m.put(item.substring(0, eq), v);
                }
            } catch (NumberFormatException e) {
                // skipped: the host wrote it, a bad one is a bug there, not a reason to fail the fork
            }
        }
        return m;
    }

    /** E.g. "4 physical cores, 1 NUMA node, 1 socket" or "8 CPUs on 4 physical cores (SMT), 2 NUMA nodes, …". */
    String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(smt ? cpus + " CPUs on " + physicalCores + " physical core" + (physicalCores == 1 ? "" : "s")
                + " (SMT: cores shared by two workers)"
                : physicalCores + " physical core" + (physicalCores == 1 ? "" : "s"));
        sb.append(numaNodes == 0 ? ", NUMA node unknown" : ", " + numaNodes + " NUMA node" + (numaNodes == 1 ? "" : "s"));
        sb.append(sockets == 0 ? ", socket unknown" : ", " + sockets + " socket" + (sockets == 1 ? "" : "s"));
        if (performanceCpus >= 0) {
            sb.append(", ").append(performanceCpus).append(" on performance and ").append(efficiencyCpus)
                    .append(" on efficiency cores");
        }
        if (overQuota) {
            sb.append(", OVER THE CPU QUOTA of ").append(String.format(Locale.ROOT, "%.2f", quotaCpus))
                    .append(" CPUs (oversubscribed by quota)");
        }
        return sb.toString();
    }
}
