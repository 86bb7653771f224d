package dev.factored.gate.comparison;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.ConfigurationRun;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.contract.HostIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether two runs of a family measured what means the same: the same JDK, the same CPU model, the same cores the run
 * may use. Times from another JDK, CPU or core count differ for reasons no code change caused, so the gate refuses to
 * compare them unless told to. What does not change the numbers' meaning is not a difference: the host's name, its
 * kernel's patch level, the JVM that ran JMH (the forks' JDK is compared), and a field one side did not record (a
 * file written before the tool read it, such as a CPU count that followed the first fork's pinning).
 */
public final class EnvironmentCheck {

    private EnvironmentCheck() {
    }

    /** One field that differs, with its value on each side. */
    public record Difference(String field, String baseline, String current) {

        /** e.g. {@code JDK version 17.0.9 (baseline) vs 21.0.1 (current)}. */
        String describe() {
            return field + " " + baseline + " (baseline) vs " + current + " (current)";
        }
    }

    /** What differs between two families' runs, field by field; empty when nothing known on both sides differs. */
    public static List<Difference> differences(FamilyAnalysis baseline, FamilyAnalysis current) {
        List<Difference> differences = new ArrayList<>(run(baseline.measurement().environment(),
                current.measurement().environment()));
        for (ConfigurationRun cur : current.measurement().configurations()) {
            ConfigurationRun base = baseline.configuration(cur.cores());
            if (base != null && base.cpus() != null && cur.cpus() != null && !base.cpus().equals(cur.cpus())) {
                differences.add(new Difference("CPUs of the cores=" + cur.cores() + " forks", base.cpus().toString(),
                        cur.cpus().toString()));
            }
        }
        return differences;
    }

    /** The fields of the run as a whole: its JVM ({@link #jvm}) and its machine (CPU model, count, topology). */
    static List<Difference> run(Environment baseline, Environment current) {
        List<Difference> differences = jvm(baseline, current);
        HostIdentity b = baseline == null ? null : baseline.host();
        HostIdentity c = current == null ? null : current.host();
        if (b != null && c != null) {
            compare(differences, "CPU model", b.cpuModel(), c.cpuModel());
            if (b.comparableCpuCount(c)) {
                compare(differences, "CPUs the run may use", Integer.toString(b.cpuCount()),
                        Integer.toString(c.cpuCount()));
            }
            compare(differences, "CPU topology", b.topology(), c.topology());
        }
        return differences;
    }

    /** The forks' JVM as JMH recorded it: JDK version, VM name and VM version. */
    public static List<Difference> jvm(Environment baseline, Environment current) {
        List<Difference> differences = new ArrayList<>();
        if (baseline != null && current != null) {
            compare(differences, "JDK version", baseline.runtime().jdkVersion(), current.runtime().jdkVersion());
            compare(differences, "VM name", baseline.runtime().vmName(), current.runtime().vmName());
            compare(differences, "VM version", baseline.runtime().vmVersion(), current.runtime().vmVersion());
        }
        return differences;
    }

    /** The differences in words, one phrase each, joined. */
    public static String describe(List<Difference> differences) {
        return String.join("; ", differences.stream().map(Difference::describe).toList());
    }

    /** Whether either run lacks the JVM description, so that sameness could not be checked. */
    public static boolean unknown(FamilyAnalysis baseline, FamilyAnalysis current) {
        return baseline.measurement().environment() == null || current.measurement().environment() == null;
    }

    /** Unknown values (null) are not differences. */
    private static void compare(List<Difference> differences, String field, String baseline, String current) {
        if (baseline != null && current != null && !Objects.equals(baseline, current)) {
            differences.add(new Difference(field, baseline, current));
        }
    }
}
