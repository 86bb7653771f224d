package dev.factored.maven;

import dev.factored.run.Commands;
import dev.factored.run.settings.Defaults;
import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Prints the machine's CPU topology, the order in which configurations take CPUs and the CPUs each default
 * {@code cores} configuration would get: {@code mvn factored:topology}. The same as the profiler jar's
 * {@code dev.factored.jmh.TopologyMain} and {@code factored topology} ({@link Commands#topology}); the parameters name copies of another machine's files to check its order.
 */
@Mojo(name = "topology", requiresProject = false, threadSafe = true)
public class TopologyMojo extends AbstractMojo {

    /** The directory that stands for {@code /sys}. */
    @Parameter(property = "factored.sysfs", defaultValue = "/sys")
    private File sysfs;

    /** The directory that stands for {@code /sys/fs/cgroup} (the process's own cgroup, as a container sees it). */
    @Parameter(property = "factored.cgroup", defaultValue = "/sys/fs/cgroup")
    private File cgroup;

    /** The file that stands for {@code /proc/self/status} (its {@code Cpus_allowed_list}). */
    @Parameter(property = "factored.procStatus", defaultValue = "/proc/self/status")
    private File procStatus;

    /**
     * The file that stands for {@code /proc/self/cgroup}: which cgroup under {@link #cgroup} is the process's (its
     * quota and its parents' apply). Default: this process's own when {@link #cgroup} is {@code /sys/fs/cgroup},
     * else none (the quota is read at the root of the copy).
     */
    @Parameter(property = "factored.procCgroup")
    private File procCgroup;

    /** {@code topology}, {@code plain} or a CPU list, as the profiler's {@code cpuOrder} option. */
    @Parameter(property = "factored.cpuOrder", defaultValue = Defaults.CPU_ORDER)
    private String cpuOrder;

    @Override
    public void execute() throws MojoExecutionException {
        String report;
        try {
            report = Commands.topology(sysfs.toPath(), cgroup.toPath(), procStatus.toPath(),
                    procCgroup == null ? null : procCgroup.toPath(), cpuOrder);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("factored:topology: " + e.getMessage(), e);
        }
        for (String line : report.split("\n")) {
            getLog().info(line);
        }
    }
}
