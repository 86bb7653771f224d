package dev.factored.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The values of the JMH {@code cores} param the run goal passes with {@code -p cores=…}. */
final class CoresList {

    private static final Pattern POSITIVE = Pattern.compile("[1-9][0-9]*");

    private CoresList() {
    }

    /**
     * baseline, elision, 1, 2, 4, … powers of two below {@code cpus}, then {@code cpus} itself: every
     * configuration the method needs, and the machine's full width even when it is not a power of two.
     */
    static List<String> defaults(int cpus) {
        List<String> cores = new ArrayList<>(List.of("baseline", "elision"));
        for (int p = 1; p < cpus; p *= 2) {
            cores.add(Integer.toString(p));
        }
        cores.add(Integer.toString(Math.max(1, cpus)));
        return cores;
    }

    /**
     * Parses a comma-separated list such as {@code baseline,elision,1,2}.
     *
     * @throws IllegalArgumentException naming the value that is not baseline, elision or a positive integer
     */
    static List<String> parse(String text) {
        List<String> cores = new ArrayList<>();
        for (String part : text.split(",")) {
            String value = part.trim();
            if (value.isEmpty()) {
                continue;
            }
            if (!value.equals("baseline") && !value.equals("elision") && !POSITIVE.matcher(value).matches()) {
                throw new IllegalArgumentException("cores value '" + value + "' in '" + text
                        + "' is not baseline, elision or a positive number of workers");
            }
            if (!cores.contains(value)) {
                cores.add(value);
            }
        }
        if (cores.isEmpty()) {
            throw new IllegalArgumentException("cores '" + text + "' lists no configuration; "
                    + "leave it unset for baseline, elision, 1, 2, 4, … up to the CPUs of this machine");
        }
        return cores;
    }
}
