package dev.factored.analysis.model.family;

import dev.factored.analysis.input.JmhEntry;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.CoresValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The input of one family's analysis: its configurations' samples (seconds per operation) and the JMH
 * entries they came from (for the environment and the warnings).
 *
 * @param id             benchmark, params without {@code cores}, mode
 * @param configurations baseline, elision, 1, 2, … (those measured), in {@link CoresValue#ORDER}
 * @param entries        the JMH entry of each configuration, same order
 */
public record Family(FamilyId id, List<ConfigurationRun> configurations, List<JmhEntry> entries) {

    /**
     * Where the idle time comes from: {@code estimated} when any parallel configuration ran unmodified code
     * (idle from the threads' CPU time), {@code instrumented} when the instrumented pool counted it, null when
     * no idle time was measured.
     */
    public String idleSource() {
        boolean any = false;
        for (ConfigurationRun run : configurations) {
            if (run.cores().isParallel() && run.idleSamples() != null) {
                if (Boolean.TRUE.equals(run.idleEstimated())) {
                    return FamilyAnalysis.IDLE_ESTIMATED;
                }
                any = true;
            }
        }
        return any ? FamilyAnalysis.IDLE_INSTRUMENTED : null;
    }

    public ConfigurationRun configuration(CoresValue cores) {
        for (ConfigurationRun run : configurations) {
            if (run.cores().equals(cores)) {
                return run;
            }
        }
        return null;
    }

    /** The JMH entry of each configuration on P workers (cores=1, 2, …), by P in the order measured. */
    public Map<Integer, JmhEntry> workerEntries() {
        Map<Integer, JmhEntry> byWorkers = new LinkedHashMap<>();
        for (int i = 0; i < configurations.size(); i++) {
            CoresValue cores = configurations.get(i).cores();
            if (cores.isParallel()) {
                byWorkers.put(cores.workers(), entries.get(i));
            }
        }
        return byWorkers;
    }

    public JmhEntry entry(CoresValue cores) {
        for (int i = 0; i < configurations.size(); i++) {
            if (configurations.get(i).cores().equals(cores)) {
                return entries.get(i);
            }
        }
        return null;
    }
}
