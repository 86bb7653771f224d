package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;

/**
 * A set of CPU numbers in the Linux list format of {@code Cpus_allowed_list} and {@code taskset -c}:
 * comma-separated numbers and inclusive ranges, e.g. {@code 0-3,8-11}. Immutable.
 */
public final class CpuSet {

    /** Where Linux states the CPUs this process may run on (its affinity mask, as a list). */
    public static final Path PROC_SELF_STATUS = Path.of("/proc/self/status");
    private static final String ALLOWED_KEY = "Cpus_allowed_list:";
    /** Far above any real machine; guards against a typo such as 0-99999999 allocating a huge set. */
    private static final int MAX_CPU = 1 << 16;

    private final int[] cpus;   // ascending, distinct

    private CpuSet(int[] cpus) {
        this.cpus = cpus;
    }

    /**
     * Parses a CPU list such as {@code 0-3,8-11}, {@code 5} or {@code 0,2,4-5}; spaces around the
     * items are allowed.
     *
     * @throws IllegalArgumentException naming the list and the item that is not a CPU number or range
     */
    public static CpuSet parse(String list) {
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("empty CPU list: expected numbers and ranges such as 0-3,8-11");
        }
        BitSet set = new BitSet();
        for (String raw : list.split(",", -1)) {
            String item = raw.strip();
            int dash = item.indexOf('-');
            int first;
            int last;
            if (dash < 0) {
                first = cpuNumber(item, list);
                last = first;
            } else {
                first = cpuNumber(item.substring(0, dash).strip(), list);
                last = cpuNumber(item.substring(dash + 1).strip(), list);
                if (last < first) {
                    throw new IllegalArgumentException("CPU list '" + list + "': range '" + item
                            + "' runs backwards");
                }
            }
            set.set(first, last + 1);
        }
        return new CpuSet(set.stream().toArray());
    }

    private static int cpuNumber(String text, String list) {
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9') || text.length() > 6) {
            throw new IllegalArgumentException("CPU list '" + list + "': '" + text
                    + "' is not a CPU number (expected numbers and ranges such as 0-3,8-11)");
        }
        int cpu = Integer.parseInt(text);
        if (cpu >= MAX_CPU) {
            throw new IllegalArgumentException("CPU list '" + list + "': CPU " + cpu + " is out of range");
        }
        return cpu;
    }

    /**
     * The {@code Cpus_allowed_list} of a {@code /proc/<pid>/status} file.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file if it has no such line or the line is garbage
     */
    public static CpuSet readAllowed(Path status) throws IOException {
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith(ALLOWED_KEY)) {
                String value = line.substring(ALLOWED_KEY.length());
                try {
                    return parse(value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(status + ": " + e.getMessage(), e);
                }
            }
        }
        throw new IllegalArgumentException(status + " has no " + ALLOWED_KEY + " line");
    }

    int size() {
        return cpus.length;
    }

    public boolean contains(int cpu) {
        return Arrays.binarySearch(cpus, cpu) >= 0;
    }

    /** The set of the given CPU numbers, in any order (repeats are dropped). */
    public static CpuSet of(java.util.Collection<Integer> cpus) {
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("need at least one CPU");
        }
        return new CpuSet(cpus.stream().mapToInt(Integer::intValue).distinct().sorted().toArray());
    }

    /** The first {@code n} CPUs in ascending order, or all of them if there are fewer. */
    CpuSet first(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least one CPU, got " + n);
        }
        return new CpuSet(Arrays.copyOf(cpus, Math.min(n, cpus.length)));
    }

    public int[] toArray() {
        return cpus.clone();
    }

    /** The list format, ranges merged: {@code 0-3,8,10-11}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < cpus.length) {
            int j = i;
            while (j + 1 < cpus.length && cpus[j + 1] == cpus[j] + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(cpus[i]);
            if (j > i) {
                sb.append('-').append(cpus[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuSet other && Arrays.equals(cpus, other.cpus);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cpus);
    }
}
