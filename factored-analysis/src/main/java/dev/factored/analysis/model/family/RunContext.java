package dev.factored.analysis.model.family;

import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.contract.HostIdentity;
import java.util.List;

/**
 * What a family's analysis needs to know about the rest of its run.
 *
 * @param forkNoise    the run's noise between forks, by level (every configuration's intervals draw from it)
 * @param failed       the run's configurations that failed (their families name them)
 * @param host         the machine and JVM the run measured on, null when the run did not record it
 */
public record RunContext(ForkNoise forkNoise, List<FailedConfiguration> failed, HostIdentity host) {

    public static final RunContext NONE = new RunContext(ForkNoise.UNKNOWN, List.of(), null);

    public RunContext {
        failed = List.copyOf(failed == null ? List.of() : failed);
    }
}
