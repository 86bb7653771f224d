package dev.factored.analysis;

import java.util.List;
import java.util.Map;

/**
 * The input of one family's analysis: its configurations' samples (seconds per operation) and the JMH
 * entries they came from (for the environment and the warnings).
 *
 * @param configurations baseline, elision, 1, 2, … (those measured), normalised
 * @param entries        the JMH entry of each configuration, same order
 */
record Family(
        String benchmark,
        Map<String, String> params,
        String mode,
        List<ConfigurationRun> configurations,
        List<JmhEntry> entries) {

    /** The benchmark and its params, e.g. {@code a.B.sort(size=1000,)}. */
    String key() {
        StringBuilder sb = new StringBuilder(benchmark).append('(');
        params.forEach((k, v) -> sb.append(k).append('=').append(v).append(','));
        return sb.append(')').toString();
    }

    /**
     * The key of the family's random streams. Without the mode on purpose: a thrpt run and the avgt run
     * of the same benchmark then draw the same resamples and, given the same times, the same intervals.
     */
    String streamKey() {
        return key();
    }

    ConfigurationRun configuration(String cores) {
        for (ConfigurationRun run : configurations) {
            if (run.cores().equals(cores)) {
                return run;
            }
        }
        return null;
    }

    JmhEntry entry(String cores) {
        for (int i = 0; i < configurations.size(); i++) {
            if (configurations.get(i).cores().equals(cores)) {
                return entries.get(i);
            }
        }
        return null;
    }
}
