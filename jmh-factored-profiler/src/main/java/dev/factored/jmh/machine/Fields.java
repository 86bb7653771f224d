package dev.factored.jmh.machine;

import java.util.regex.Pattern;

/**
 * The whitespace-separated fields of a line of {@code /proc}, split by one pattern compiled once: {@code
 * String.split("\\s+")} compiles its pattern on every call, and at every iteration boundary the profiler splits a line
 * per thread and per process, code the JIT then compiles while the program is measured.
 */
final class Fields {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private Fields() {
    }

    /** The fields of a line, leading and trailing whitespace ignored. */
    static String[] of(String line) {
        return WHITESPACE.split(line.trim());
    }
}
