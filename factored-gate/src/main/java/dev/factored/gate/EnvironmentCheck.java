package dev.factored.gate;

import dev.factored.analysis.model.ConfigurationRun;
import dev.factored.analysis.model.Environment;
import dev.factored.analysis.model.FamilyAnalysis;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether two runs of a family come from the same kind of machine and JVM. Times from a different JDK,
 * VM or CPU count differ for reasons no code change caused, so the gate refuses to compare them unless
 * told to.
 */
final class EnvironmentCheck {

    private EnvironmentCheck() {
    }

    /**
     * What differs, one phrase each (e.g. {@code JDK version 17.0.9 (baseline) vs 21.0.1 (current)}); empty
     * when nothing that is known on both sides differs. Unknown values (null) are not differences.
     */
    static List<String> differences(FamilyAnalysis baseline, FamilyAnalysis current) {
        List<String> differences = new ArrayList<>();
        Environment b = baseline.environment();
        Environment c = current.environment();
        if (b != null && c != null) {
            compare(differences, "JDK version", b.jdkVersion(), c.jdkVersion());
            compare(differences, "VM name", b.vmName(), c.vmName());
            compare(differences, "VM version", b.vmVersion(), c.vmVersion());
            // A speedup is a property of one machine: a baseline from another host class is not comparable.
            if (b.host() != null && c.host() != null) {
                compare(differences, "host", b.host().hostClassBeside(c.host()), c.host().hostClassBeside(b.host()));
            }
        }
        {
            for (ConfigurationRun cur : current.configurations()) {
                ConfigurationRun base = baseline.configuration(cur.cores());
                if (base != null && base.cpus() != null && cur.cpus() != null && !base.cpus().equals(cur.cpus())) {
                    differences.add("CPUs of the cores=" + cur.cores() + " forks " + base.cpus() + " (baseline) vs "
                            + cur.cpus() + " (current)");
                }
            }
        }
        return differences;
    }

    /** Whether either run lacks the JVM description, so that sameness could not be checked. */
    static boolean unknown(FamilyAnalysis baseline, FamilyAnalysis current) {
        return baseline.environment() == null || current.environment() == null;
    }

    private static void compare(List<String> differences, String what, String baseline, String current) {
        if (baseline != null && current != null && !Objects.equals(baseline, current)) {
            differences.add(what + " " + baseline + " (baseline) vs " + current + " (current)");
        }
    }
}
