package dev.factored.cli;

import dev.factored.run.Commands;
import dev.factored.run.settings.Defaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code factored topology}: the machine's CPU topology, the pinning order and the CPUs each default {@code cores}
 * configuration would get, as the plugin's {@code factored:topology} prints it ({@link Commands#topology}), with its
 * parameters under the same names. Options naming copies of another machine's files check that machine's order.
 */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = {"Print the CPU topology, the order in which configurations take CPUs and the CPUs each default"
                + " cores configuration would get (to stdout).",
                "The options name copies of another machine's files to check its order; given, they must exist."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:bad input (a given file or directory does not exist, a --cpuOrder that names no"
                + " allowed CPU, an unknown option)"})
final class TopologyCommand implements Callable<Integer> {

    @Option(names = "--sysfs", paramLabel = "DIR", description = "The directory that stands for /sys (default: /sys).")
    Path sysfs;

    @Option(names = "--cgroup", paramLabel = "DIR",
            description = "The directory that stands for /sys/fs/cgroup, the process's own cgroup as a container sees"
                    + " it (default: /sys/fs/cgroup).")
    Path cgroup;

    @Option(names = "--procStatus", paramLabel = "FILE",
            description = "The file that stands for /proc/self/status, its Cpus_allowed_list (default:"
                    + " /proc/self/status).")
    Path procStatus;

    @Option(names = "--procCgroup", paramLabel = "FILE",
            description = "The file that stands for /proc/self/cgroup: which cgroup under --cgroup is the process's"
                    + " (its quota and its parents' apply). Default: this process's own when --cgroup is /sys/fs/cgroup"
                    + " (or not given), else none (the quota is read at the root of the copy).")
    Path procCgroup;

    @Option(names = "--cpuOrder", paramLabel = "ORDER", defaultValue = Defaults.CPU_ORDER,
            description = "topology, plain or a CPU list such as 0,2,4-7, as the profiler's cpuOrder option"
                    + " (default: ${DEFAULT-VALUE}).")
    String cpuOrder;

    @Override
    public Integer call() throws BadInputException {
        String report;
        try {
            report = Commands.topology(given(sysfs, "--sysfs", true), given(cgroup, "--cgroup", true),
                    given(procStatus, "--procStatus", false), given(procCgroup, "--procCgroup", false), cpuOrder);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--cpuOrder: " + e.getMessage());
        }
        System.out.print(report);
        System.out.flush();
        return 0;
    }

    /**
     * A path the user gave must exist (a typo would otherwise print an empty topology); null, not given, stands for
     * this machine's own, which may be missing (not Linux).
     */
    private static Path given(Path path, String option, boolean directory) throws BadInputException {
        if (path == null) {
            return null;
        }
        if (directory ? !Files.isDirectory(path) : !Files.isRegularFile(path)) {
            throw new BadInputException(option + " " + path + ": no such " + (directory ? "directory" : "file"));
        }
        return path;
    }
}
