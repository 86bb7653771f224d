package dev.factored.run.settings;

import dev.factored.contract.CoresValue;
import dev.factored.jmh.TopologyMain;
import java.util.ArrayList;
import java.util.List;

/** The values of the JMH {@code cores} param the run goal passes with {@code -p cores=…}. */
public final class CoresList {

    private CoresList() {
    }

    /**
     * The defaults for this machine, decided by the profiler's machine room ({@link TopologyMain#defaultCores()}):
     * from its topology where Linux shows it, else from the CPUs the JVM sees.
     */
    public static List<CoresValue> defaults() {
        return List.copyOf(TopologyMain.defaultCores());
    }

    /**
     * Parses a comma-separated list such as {@code baseline,elision,1,2}, each value by the one spelling
     * rule of {@link CoresValue}, into values without repeats (two spellings of one configuration are one).
     *
     * @throws IllegalArgumentException naming the value that is not a configuration
     */
    public static List<CoresValue> parse(String text) {
        List<CoresValue> cores = new ArrayList<>();
        for (String part : text.split(",")) {
            String value = part.trim();
            if (value.isEmpty()) {
                continue;
            }
            CoresValue canonical;
            try {
                canonical = CoresValue.parse(value);
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
