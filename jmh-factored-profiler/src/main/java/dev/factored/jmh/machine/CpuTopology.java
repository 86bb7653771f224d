package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The machine's CPUs as Linux shows them in plain files: for every CPU its physical core, package, die, NUMA
 * node and (on hybrid machines) core kind; the CPUs this process may use; the cgroup's CPU quota. No native
 * code. A file that is missing or unreadable leaves its fact unknown and says so in {@link #unknown()}; the
 * reader never fails on a machine that is not Linux.
 *
 * <p>Cores are keyed by their sibling list ({@code core_cpus_list}, or the older {@code thread_siblings_list}),
 * not by {@code core_id}, which repeats in every package.
 *
 * @param cpus      every CPU the kernel lists as online (or present), ascending; empty when none could be read
 * @param allowed   the CPUs this process may run on ({@code Cpus_allowed_list}); null when unknown
 * @param quotaCpus the cgroup's CPU quota in CPUs (quota / period, e.g. 4.0 for "400000 100000"); null when there
 *                  is no quota or it could not be read
 * @param unknown   one sentence per fact that could not be read, naming the file
 */
public record CpuTopology(List<Cpu> cpus, CpuSet allowed, Double quotaCpus, List<String> unknown) {

    /** What the kernel says a CPU is on a hybrid machine; {@link #UNKNOWN} where it does not say. */
    enum Kind {
        PERFORMANCE("performance"), EFFICIENCY("efficiency"), UNKNOWN("unknown");

        final String word;

        Kind(String word) {
            this.word = word;
        }

        /** Performance cores are pinned first; a CPU of unknown kind counts as a performance one. */
        int rank() {
            return this == EFFICIENCY ? 1 : 0;
        }
    }

    /**
     * One hardware thread.
     *
     * @param id      the CPU number ({@code taskset -c})
     * @param core    the key of its physical core: its sibling list, e.g. {@code 0,32}; its own number when unknown
     * @param pkg     {@code physical_package_id} (socket); -1 when unknown
     * @param die     {@code die_id}; -1 when unknown
     * @param node    its NUMA node; -1 when unknown
     * @param kind    its core kind
     */
    record Cpu(int id, String core, int pkg, int die, int node, Kind kind) {
    }

    static final Path SYSFS = Path.of("/sys");
    static final Path CGROUP = Path.of("/sys/fs/cgroup");

    public CpuTopology {
        cpus = List.copyOf(cpus);
        unknown = List.copyOf(unknown);
    }

    static final Path PROC_SELF_CGROUP = Path.of("/proc/self/cgroup");

    /**
     * This machine, read from {@code /sys}, {@code /proc/self/status} and the process's own cgroup under
     * {@code /sys/fs/cgroup} (from {@code /proc/self/cgroup}; a quota set on a parent applies too).
     */
    public static CpuTopology ofThisMachine() {
        return read(SYSFS, CGROUP, CpuSet.PROC_SELF_STATUS, PROC_SELF_CGROUP);
    }

    /** As {@link #read(Path, Path, Path)}, with the cgroup directories found from a {@code /proc/<pid>/cgroup} file. */
    static CpuTopology read(Path sysfs, Path cgroup, Path procStatus, Path procCgroup) {
        List<Path> own = ownCgroups(cgroup, procCgroup);
        if (own.isEmpty()) {
            return read(sysfs, cgroup, procStatus);
        }
        CpuTopology t = readCpus(sysfs, procStatus);
        // The tightest quota on the way from the process's cgroup up to the root is the one that limits it; the
        // root's own quota counts, but not being able to read it there: the process's cgroups say whether it is known.
        List<String> unknown = new ArrayList<>(t.unknown());
        Double tightest = quota(cgroup, new ArrayList<>());
        boolean found = false;
        for (Path dir : own) {
            for (Path d = dir; d != null && d.startsWith(cgroup); d = d.equals(cgroup) ? null : d.getParent()) {
                List<String> ignored = new ArrayList<>();
                Double q = quota(d, ignored);
                found |= ignored.isEmpty() || q != null;
                if (q != null && (tightest == null || q < tightest)) {
                    tightest = q;
                }
            }
        }
        if (!found && tightest == null) {
            unknown.add("the CPU quota (no cpu.max or cpu.cfs_quota_us in the process's cgroup under " + cgroup + ")");
        }
        return new CpuTopology(t.cpus(), t.allowed(), tightest, unknown);
    }

    /** The process's cgroup directories: v2's {@code 0::/path}, v1's cpu controller line; empty when unreadable. */
    private static List<Path> ownCgroups(Path cgroup, Path procCgroup) {
        List<Path> dirs = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.isRegularFile(procCgroup) ? Files.readAllLines(procCgroup) : List.of();
        } catch (IOException | RuntimeException e) {
            return dirs;
        }
        for (String line : lines) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3 || !parts[2].startsWith("/")) {
                continue;
            }
            String relative = parts[2].substring(1);
            if (relative.contains("..")) {
                continue;
            }
            if (parts[1].isEmpty()) {
                dirs.add(cgroup.resolve(relative));                       // v2
            } else if (List.of(parts[1].split(",")).contains("cpu")) {
                for (String controller : new String[] {parts[1], "cpu"}) { // v1: cpu,cpuacct or its cpu link
                    Path dir = cgroup.resolve(controller);
                    if (Files.isDirectory(dir)) {
                        dirs.add(relative.isEmpty() ? dir : dir.resolve(relative));
                        break;
                    }
                }
            }
        }
        return dirs;
    }

    /**
     * Reads a topology from copies of the files: {@code sysfs} stands for {@code /sys}, {@code cgroup} for
     * {@code /sys/fs/cgroup} (the process's own cgroup, as a container sees it), {@code procStatus} for
     * {@code /proc/self/status}.
     */
    static CpuTopology read(Path sysfs, Path cgroup, Path procStatus) {
        CpuTopology t = readCpus(sysfs, procStatus);
        List<String> unknown = new ArrayList<>(t.unknown());
        Double quota = quota(cgroup, unknown);
        return new CpuTopology(t.cpus(), t.allowed(), quota, unknown);
    }

    /** The CPUs and the allowed set, without the quota (null), with what could not be read of them. */
    private static CpuTopology readCpus(Path sysfs, Path procStatus) {
        List<String> unknown = new ArrayList<>();
        Path cpuDir = sysfs.resolve("devices/system/cpu");
        CpuSet listed = cpuList(cpuDir.resolve("online"), null);
        if (listed == null) {
            listed = cpuList(cpuDir.resolve("present"), null);
        }
        if (listed == null) {
            listed = cpuDirectories(cpuDir);
        }
        CpuSet allowed = null;
        try {
            allowed = CpuSet.readAllowed(procStatus);
        } catch (IOException | IllegalArgumentException e) {
            unknown.add("the allowed CPUs (" + procStatus + ": " + message(e) + ")");
        }
        if (listed == null) {
            listed = allowed;
        }
        if (listed == null) {
            unknown.add("the CPUs (no " + cpuDir.resolve("online") + " or cpu* directories)");
            return new CpuTopology(List.of(), null, null, unknown);
        }
        Map<Integer, Integer> nodes = nodes(sysfs.resolve("devices/system/node"), unknown);
        CpuSet performance = cpuList(sysfs.resolve("devices/cpu_core/cpus"), null);
        CpuSet efficiency = cpuList(sysfs.resolve("devices/cpu_atom/cpus"), null);
        List<Cpu> cpus = new ArrayList<>();
        boolean coreUnknown = false;
        boolean packageUnknown = false;
        for (int id : listed.toArray()) {
            Path topology = cpuDir.resolve("cpu" + id).resolve("topology");
            CpuSet siblings = cpuList(topology.resolve("core_cpus_list"), null);
            if (siblings == null) {
                siblings = cpuList(topology.resolve("thread_siblings_list"), null);
            }
            coreUnknown |= siblings == null;
            int pkg = number(topology.resolve("physical_package_id"));
            packageUnknown |= pkg < 0;
            Kind kind = performance != null && performance.contains(id) ? Kind.PERFORMANCE
                    : efficiency != null && efficiency.contains(id) ? Kind.EFFICIENCY : Kind.UNKNOWN;
            cpus.add(new Cpu(id, siblings == null ? Integer.toString(id) : siblings.toString(), pkg,
                    number(topology.resolve("die_id")), nodes.getOrDefault(id, -1), kind));
        }
        if (coreUnknown) {
            unknown.add("the physical cores of some CPUs (no topology/core_cpus_list or thread_siblings_list under "
                    + cpuDir + "): each counted as a core of its own, so SMT siblings cannot be told apart");
        }
        if (packageUnknown) {
            unknown.add("the sockets of some CPUs (no topology/physical_package_id under " + cpuDir + ")");
        }
        if (performance == null && efficiency == null) {
            unknown.add("core kinds (no " + sysfs.resolve("devices/cpu_core/cpus")
                    + "): the kernel shows them only on hybrid machines");
        }
        return new CpuTopology(cpus, allowed, null, unknown);
    }

    /**
     * The machine's shape in one line, part of a run's host class ({@code HostIdentity#topology}): hardware threads,
     * physical cores, sockets, NUMA nodes, core kinds where the kernel shows them and the CPU quota, e.g. {@code 64
     * hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes}. Null when the CPUs could not be read.
     */
    public String summary() {
        if (cpus.isEmpty()) {
            return null;
        }
        Map<String, List<Cpu>> cores = cores(cpus);
        StringBuilder s = new StringBuilder();
        s.append(cpus.size()).append(cpus.size() == 1 ? " hardware thread on " : " hardware threads on ")
                .append(cores.size()).append(cores.size() == 1 ? " physical core" : " physical cores");
        long sockets = cpus.stream().mapToInt(Cpu::pkg).filter(p -> p >= 0).distinct().count();
        if (sockets > 0) {
            s.append(", ").append(sockets).append(sockets == 1 ? " socket" : " sockets");
        }
        long nodes = cpus.stream().mapToInt(Cpu::node).filter(n -> n >= 0).distinct().count();
        if (nodes > 0) {
            s.append(", ").append(nodes).append(nodes == 1 ? " NUMA node" : " NUMA nodes");
        }
        long efficiency = cores.values().stream().filter(c -> c.get(0).kind() == Kind.EFFICIENCY).count();
        if (efficiency > 0) {
            s.append(", ").append(cores.size() - efficiency).append(" performance and ").append(efficiency)
                    .append(" efficiency cores");
        }
        if (quotaCpus != null) {
            s.append(", CPU quota ").append(String.format(java.util.Locale.ROOT, "%.2f", quotaCpus));
        }
        return s.toString();
    }

    /**
     * How many CPUs the process may use: the allowed CPUs the topology knows, within the cgroup's quota (rounded up, as
     * the JVM counts it); 0 when no CPU could be read. A fact of the machine and the process as started, the part of a
     * run's host identity that says how many cores it may use ({@code HostIdentity#cpuCount}).
     */
    public int usableCpus() {
        int usable = usable().size();
        return quotaCpus == null ? usable : Math.min(usable, Math.max(1, (int) Math.ceil(quotaCpus - 1e-9)));
    }

    /** The CPUs pinning may use: the allowed ones the topology knows, or all of them when the allowed set is unknown. */
    List<Cpu> usable() {
        return allowed == null ? cpus : cpus.stream().filter(c -> allowed.contains(c.id())).toList();
    }

    Cpu cpu(int id) {
        for (Cpu c : cpus) {
            if (c.id() == id) {
                return c;
            }
        }
        return null;
    }

    /** Physical cores among {@code of}, keyed by sibling list, in order of their first CPU. */
    static Map<String, List<Cpu>> cores(List<Cpu> of) {
        Map<String, List<Cpu>> cores = new LinkedHashMap<>();
        of.stream().sorted(Comparator.comparingInt(Cpu::id))
                .forEach(c -> cores.computeIfAbsent(c.core(), k -> new ArrayList<>()).add(c));
        return cores;
    }

    private static Map<Integer, Integer> nodes(Path nodeDir, List<String> unknown) {
        Map<Integer, Integer> nodeOf = new TreeMap<>();
        if (!Files.isDirectory(nodeDir)) {
            unknown.add("NUMA nodes (no " + nodeDir + ")");
            return nodeOf;
        }
        try (Stream<Path> entries = Files.list(nodeDir)) {
            for (Path p : entries.toList()) {
                String name = p.getFileName().toString();
                if (!name.matches("node[0-9]{1,6}")) {
                    continue;
                }
                CpuSet list = cpuList(p.resolve("cpulist"), null);
                if (list == null) {
                    continue;   // a memory-only node has an empty cpulist
                }
                int node = Integer.parseInt(name.substring(4));
                for (int cpu : list.toArray()) {
                    nodeOf.put(cpu, node);
                }
            }
        } catch (IOException e) {
            unknown.add("NUMA nodes (" + nodeDir + ": " + message(e) + ")");
        }
        return nodeOf;
    }

    /** cgroup v2 {@code cpu.max}, else v1 {@code cpu.cfs_quota_us} / {@code cpu.cfs_period_us}. */
    private static Double quota(Path cgroup, List<String> unknown) {
        Path max = cgroup.resolve("cpu.max");
        if (Files.isRegularFile(max)) {
            String text = firstLine(max);
            String[] parts = text == null ? new String[0] : text.strip().split("\\s+");
            if (parts.length >= 1 && parts[0].equals("max")) {
                return null;
            }
            try {
                double quota = Double.parseDouble(parts[0]);
                double period = parts.length > 1 ? Double.parseDouble(parts[1]) : 100_000;
                if (quota > 0 && period > 0) {
                    return quota / period;
                }
            } catch (RuntimeException e) {
                // reported below
            }
            unknown.add("the CPU quota (" + max + " reads '" + text + "', not '<quota> <period>' or 'max')");
            return null;
        }
        for (String controller : new String[] {"cpu", "cpu,cpuacct", "cpuacct,cpu", "."}) {
            Path dir = cgroup.resolve(controller);
            Path quotaFile = dir.resolve("cpu.cfs_quota_us");
            Path periodFile = dir.resolve("cpu.cfs_period_us");
            if (Files.isRegularFile(quotaFile) && Files.isRegularFile(periodFile)) {
                long quota = number(quotaFile);
                long period = number(periodFile);
                if (quota == -1 && "-1".equals(strip(firstLine(quotaFile)))) {
                    return null;    // no quota
                }
                if (quota > 0 && period > 0) {
                    return quota / (double) period;
                }
                unknown.add("the CPU quota (" + quotaFile + " and " + periodFile + " are not positive numbers)");
                return null;
            }
        }
        unknown.add("the CPU quota (no cpu.max or cpu.cfs_quota_us under " + cgroup + ")");
        return null;
    }

    private static CpuSet cpuList(Path file, CpuSet otherwise) {
        String line = firstLine(file);
        if (line == null || line.isBlank()) {
            return otherwise;
        }
        try {
            return CpuSet.parse(line.strip());
        } catch (IllegalArgumentException e) {
            return otherwise;
        }
    }

    private static CpuSet cpuDirectories(Path cpuDir) {
        if (!Files.isDirectory(cpuDir)) {
            return null;
        }
        try (Stream<Path> entries = Files.list(cpuDir)) {
            String list = String.join(",", entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("cpu[0-9]{1,6}")).map(n -> n.substring(3)).toList());
            return list.isEmpty() ? null : CpuSet.parse(list);
        } catch (IOException e) {
            return null;
        }
    }

    /** The file's number, or -1 when it is missing or not a number. */
    private static int number(Path file) {
        String line = strip(firstLine(file));
        if (line == null || !line.matches("-?[0-9]{1,9}")) {
            return -1;
        }
        return Integer.parseInt(line);
    }

    private static String firstLine(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            List<String> lines = Files.readAllLines(file);
            return lines.isEmpty() ? "" : lines.get(0);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String strip(String s) {
        return s == null ? null : s.strip();
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
