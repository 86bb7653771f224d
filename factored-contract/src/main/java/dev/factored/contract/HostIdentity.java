package dev.factored.contract;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which machine and JVM a run measured on, written by the profiler's host part next to the activity side files
 * ({@link #FILE_NAME} in the activity directory) and read back by the analysis; this class is the one format rule
 * for both sides. A speedup is a property of one machine: results are combined only within one
 * {@link #hostClass() host class}.
 *
 * <p>A {@link Properties} file (ISO 8859-1 with escapes, as {@link Properties#store} writes it) with the keys
 * {@code cpuModel}, {@code cpuCount}, {@code cpuCountFrom}, {@code sockets}, {@code physicalCores}, {@code topology},
 * {@code os}, {@code kernel}, {@code arch}, {@code hostName}, {@code jvmVendor}, {@code jvmVersion} and
 * {@code config.<name>} for the run's configuration; a key is absent when its value is unknown.
 *
 * @param cpuModel      the CPU's model name from /proc/cpuinfo, null when unknown
 * @param cpuCount      the CPUs the run may use: the CPUs the process that ran JMH was allowed when it started, within
 *                      its cgroup's CPU quota (read from the machine, whatever the order of the forks); in a file
 *                      written before ({@code cpuCountFromMachine} false) the CPUs the JVM that ran JMH saw when the
 *                      first fork started, which followed that fork's pinning (1 or 2 on one 2-CPU machine)
 * @param cpuCountFromMachine whether {@code cpuCount} was read from the machine (key {@code cpuCountFrom} =
 *                      {@value #FROM_MACHINE}); false in a file written before, whose count is not compared
 * @param sockets       distinct physical packages in /proc/cpuinfo, null when unknown
 * @param physicalCores physical cores over all sockets from /proc/cpuinfo, null when unknown
 * @param topology      the CPU topology in one line (hardware threads, physical cores, sockets, NUMA nodes, core
 *                      kinds, CPU quota) as the profiler read it from sysfs and the cgroup, null when it could not
 *                      (or in a file written before it did); when present it is part of the host class
 * @param os            operating system name
 * @param kernel        operating system (kernel) version
 * @param arch          CPU architecture as the JVM names it
 * @param hostName      the machine's name, for the reader only (CI runners of one kind have different names)
 * @param jvmVendor     vendor of the JVM that ran JMH
 * @param jvmVersion    its runtime version
 * @param configuration the run's settings that shape the measurement (profiler options, the forks' JVM)
 */
public record HostIdentity(String cpuModel, int cpuCount, boolean cpuCountFromMachine, Integer sockets,
        Integer physicalCores, String topology, String os, String kernel, String arch, String hostName,
        String jvmVendor, String jvmVersion, Map<String, String> configuration) {

    /** The side file's name in the activity directory. */
    public static final String FILE_NAME = "host.properties";

    /** The value of {@code cpuCountFrom} in a file whose count was read from the machine. */
    static final String FROM_MACHINE = "machine";

    private static final Path CPUINFO = Path.of("/proc/cpuinfo");

    public HostIdentity {
        configuration = Collections.unmodifiableMap(new TreeMap<>(configuration == null ? Map.of() : configuration));
    }

    /**
     * What makes two hosts interchangeable for a measurement: the CPU model, the CPU count, the JVM and (once
     * measured) the topology. Two CI runners of one kind share it; their host names, kernels' patch levels and
     * configurations may differ.
     */
    public String hostClass() {
        return hostClass(true, true);
    }

    /**
     * The host class to compare with {@code other}'s: without the topology when either side lacks it (a file written
     * before the profiler recorded it), and without the CPU count when either side's was not read from the machine (a
     * file written before, whose count followed the first fork's pinning), so that such a baseline stays comparable
     * with a run of the same machine.
     */
    public String hostClassBeside(HostIdentity other) {
        return hostClass(other != null && topology != null && other.topology != null,
                other == null || comparableCpuCount(other));
    }

    /** Whether both sides' CPU counts were read from the machine, so that a difference means other cores. */
    public boolean comparableCpuCount(HostIdentity other) {
        return cpuCountFromMachine && other.cpuCountFromMachine;
    }

    /**
     * The host class without the topology, and without the CPU count where it was not read from the machine: what runs
     * of one machine share whichever version of the profiler recorded them (a file written before the topology or
     * the machine's count was read).
     */
    public String hostClassWithoutTopology() {
        return hostClass(false, cpuCountFromMachine);
    }

    private String hostClass(boolean withTopology, boolean withCount) {
        return (cpuModel == null ? "unknown CPU" : cpuModel) + (withCount ? ", " + cpuCount + " CPUs" : "")
                + (withTopology && topology != null ? ", " + topology : "") + ", " + jvmVendor + " " + jvmVersion;
    }

    /** The same host with the given topology summary. */
    public HostIdentity withTopology(String summary) {
        return new HostIdentity(cpuModel, cpuCount, cpuCountFromMachine, sockets, physicalCores, summary, os, kernel,
                arch, hostName, jvmVendor, jvmVersion, configuration);
    }

    /** The same host with {@code count} CPUs read from the machine. */
    public HostIdentity withCpuCount(int count) {
        return new HostIdentity(cpuModel, count, true, sockets, physicalCores, topology, os, kernel, arch, hostName,
                jvmVendor, jvmVersion, configuration);
    }

    /**
     * This machine and JVM, with the given configuration.
     *
     * @param usableCpus the CPUs the run may use, read from the machine (the allowed CPUs within the quota, as the
     *                   process found them when it started); 0 when they could not be read, then this JVM's count
     * @param topology   the machine's topology in one line, null when unknown
     */
    public static HostIdentity ofThisMachine(int usableCpus, String topology, Map<String, String> configuration) {
        List<String> cpuinfo = List.of();
        try {
            if (Files.isReadable(CPUINFO)) {
                cpuinfo = Files.readAllLines(CPUINFO, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            // not measured: the fields stay null
        }
        String hostName;
        try {
            hostName = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            hostName = null;
        }
        // Without a reading of the machine there is no pinning either, so this JVM's count is the machine's.
        int cpus = usableCpus > 0 ? usableCpus : Runtime.getRuntime().availableProcessors();
        return fromCpuinfo(cpuinfo, cpus, System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), hostName, System.getProperty("java.vm.vendor"),
                System.getProperty("java.runtime.version", System.getProperty("java.version")), configuration)
                .withTopology(topology);
    }

    /** The CPU facts /proc/cpuinfo gives (model name, physical id, cpu cores), with the rest as given. */
    static HostIdentity fromCpuinfo(List<String> cpuinfo, int cpuCount, String os, String kernel, String arch,
            String hostName, String jvmVendor, String jvmVersion, Map<String, String> configuration) {
        String model = null;
        Set<String> packages = new LinkedHashSet<>();
        Integer coresPerPackage = null;
        for (String line : cpuinfo) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "model name", "Model", "cpu model" -> model = model == null && !value.isEmpty() ? value : model;
                case "physical id" -> packages.add(value);
                case "cpu cores" -> {
                    try {
                        coresPerPackage = Integer.valueOf(value);
                    } catch (NumberFormatException e) {
                        // left unknown
                    }
                }
                default -> { }
            }
        }
        Integer sockets = packages.isEmpty() ? null : packages.size();
        Integer physical = sockets == null || coresPerPackage == null ? null : sockets * coresPerPackage;
        return new HostIdentity(model, cpuCount, true, sockets, physical, null, os, kernel, arch, hostName, jvmVendor,
                jvmVersion, configuration);
    }

    /** Writes {@link #FILE_NAME} into {@code directory}, creating it. */
    public void write(Path directory) throws IOException {
        Properties p = new Properties();
        put(p, "cpuModel", cpuModel);
        p.setProperty("cpuCount", Integer.toString(cpuCount));
        put(p, "cpuCountFrom", cpuCountFromMachine ? FROM_MACHINE : null);
        put(p, "sockets", sockets == null ? null : sockets.toString());
        put(p, "physicalCores", physicalCores == null ? null : physicalCores.toString());
        put(p, "topology", topology);
        put(p, "os", os);
        put(p, "kernel", kernel);
        put(p, "arch", arch);
        put(p, "hostName", hostName);
        put(p, "jvmVendor", jvmVendor);
        put(p, "jvmVersion", jvmVersion);
        configuration.forEach((k, v) -> put(p, "config." + k, v));
        // Replaced in one step with the mode of every other file of the run (ReplacedFile says why not a temp file).
        ReplacedFile.write(directory.resolve(FILE_NAME), output -> {
            Writer out = new java.io.OutputStreamWriter(output, StandardCharsets.ISO_8859_1);
            p.store(out, "factored host identity");
            out.flush();
        });
    }

    /**
     * Reads a host file.
     *
     * @throws IOException              it cannot be read
     * @throws IllegalArgumentException it is not a host file (the message says what is wrong)
     */
    public static HostIdentity read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            p.load(in);
        }
        String count = p.getProperty("cpuCount");
        if (count == null) {
            throw new IllegalArgumentException("no cpuCount: not a factored host file");
        }
        Map<String, String> configuration = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("config.")) {
                configuration.put(key.substring("config.".length()), p.getProperty(key));
            }
        }
        return new HostIdentity(p.getProperty("cpuModel"), integer(count, "cpuCount"),
                FROM_MACHINE.equals(p.getProperty("cpuCountFrom")),
                optionalInteger(p.getProperty("sockets"), "sockets"),
                optionalInteger(p.getProperty("physicalCores"), "physicalCores"), p.getProperty("topology"),
                p.getProperty("os"), p.getProperty("kernel"), p.getProperty("arch"), p.getProperty("hostName"),
                p.getProperty("jvmVendor"), p.getProperty("jvmVersion"), configuration);
    }

    private static void put(Properties p, String key, String value) {
        if (value != null) {
            p.setProperty(key, value);
        }
    }

    private static int integer(String text, String key) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " = \"" + text + "\" is not a whole number");
        }
    }

    private static Integer optionalInteger(String text, String key) {
        return text == null ? null : integer(text, key);
    }
}
