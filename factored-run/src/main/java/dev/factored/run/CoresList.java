package dev.factored.run;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.TopologyMain;
import java.util.ArrayList;
import java.util.List;

/** The values of the JMH {@code cores} param the run goal passes with {@code -p cores=…}. */
public final class CoresList {

    private CoresList() {
    }

    /**
     * The defaults for this machine: from its topology where Linux shows it (powers of two up to the physical
     * cores, the physical core count, the hardware-thread count as one SMT point, capped by a CPU quota; see
     * {@link TopologyMain#defaultCores()}), else from the CPUs the JVM sees.
     */
    public static List<String> defaults() {
        return TopologyMain.defaultCores().orElseGet(() -> defaults(Runtime.getRuntime().availableProcessors()));
    }

    /**
     * baseline, elision, span, 1, 2, 4, … powers of two below {@code cpus}, then {@code cpus} itself: every
     * configuration the method needs (span for the work, span and bounds beyond this machine), and the
     * machine's full width even when it is not a power of two.
     */
    static List<String> defaults(int cpus) {
        List<String> cores = new ArrayList<>(List.of(CoresValue.BASELINE, CoresValue.ELISION, CoresValue.SPAN));
        for (int p = 1; p < cpus; p *= 2) {
            cores.add(Integer.toString(p));
        }
        cores.add(Integer.toString(Math.max(1, cpus)));
        if (cpus >= 2) {
            cores.add(CoresValue.BANDWIDTH + cpus); // the bandwidth test on every CPU of the machine
        }
        return cores;
    }

    /**
     * Parses a comma-separated list such as {@code baseline,elision,1,2}, each value by the one spelling
     * rule ({@link CoresValue#parse}), into canonical spellings without repeats.
     *
     * @throws IllegalArgumentException naming the value that is not a configuration
     */
    public static List<String> parse(String text) {
        List<String> cores = new ArrayList<>();
        for (String part : text.split(",")) {
            String value = part.trim();
            if (value.isEmpty()) {
                continue;
            }
            String canonical;
            try {
                canonical = CoresValue.parse(value).toString();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + " (in the cores list '" + text + "')", e);
            }
            if (!cores.contains(canonical)) {
                cores.add(canonical);
            }
        }
        if (cores.isEmpty()) {
            throw new IllegalArgumentException("cores '" + text + "' lists no configuration; "
                    + "leave it unset for baseline, elision, span, 1, 2, 4, … up to the CPUs of this machine");
        }
        return cores;
    }
}
