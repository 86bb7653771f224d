package dev.factored.jmh.machine;

import java.util.ArrayList;
import java.util.List;

/**
 * The whitespace-separated fields of a line of {@code /proc}, cut by a plain loop. At every iteration boundary the
 * profiler splits a line per CPU, per thread and per process; through {@code Pattern.split} that code reached C2's
 * threshold in the middle of the measurement, and C2 spent 0.1–0.23 s on it (the regex engine inlined whole), on the
 * measured CPUs of a fork without a spare one.
 */
final class Fields {

    private Fields() {
    }

    /** The fields of a line: runs of characters other than whitespace (spaces, tabs, line ends). */
    static String[] of(String line) {
        List<String> fields = new ArrayList<>();
        int start = -1;
        for (int i = 0; i < line.length(); i++) {
            if (Character.isWhitespace(line.charAt(i))) {
                if (start >= 0) {
                    fields.add(line.substring(start, i));
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            }
        }
        if (start >= 0) {
            fields.add(line.substring(start));
        }
        return fields.toArray(new String[0]);
    }
}
