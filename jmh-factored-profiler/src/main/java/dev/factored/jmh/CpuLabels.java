package dev.factored.jmh;

import java.util.ArrayList;
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
record CpuLabels(int cpus, int physicalCores, boolean smt, int numaNodes, int sockets, int performanceCpus,
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
