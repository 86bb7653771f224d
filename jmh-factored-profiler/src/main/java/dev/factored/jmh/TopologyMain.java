package dev.factored.jmh;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.machine.TopologyReport;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints the machine's CPU topology, the pinning order and the CPUs each default configuration would get:
 * {@code java -cp jmh-factored-profiler.jar dev.factored.jmh.TopologyMain [--sysfs DIR] [--cgroup DIR]
 * [--proc-status FILE] [--proc-cgroup FILE] [--cpu-order topology|plain|LIST]}. The roots stand for {@code /sys},
 * {@code /sys/fs/cgroup} and {@code /proc/self/status}, so the order can be checked from a copy of another
 * machine's files. The report itself: {@link TopologyReport}.
 */
public final class TopologyMain {

    private TopologyMain() {
    }

    public static void main(String[] args) {
        int status = TopologyReport.run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
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
        return TopologyReport.report(sysfs, cgroup, procStatus, procCgroup, cpuOrder);
    }

    /**
     * The default {@code cores} configurations for this machine ({@link TopologyReport#defaultCores}): from its
     * topology, or from the CPUs the JVM sees where the topology cannot be read (not Linux).
     */
    public static List<CoresValue> defaultCores() {
        return TopologyReport.defaultCores();
    }
}
