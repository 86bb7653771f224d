package dev.factored.contract;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One value of the JMH {@code @Param} named {@value #PARAM}: the sequential {@code baseline}, the
 * sequential {@code elision} of the parallel code, the instrumented elision {@code span} (work, span and
 * burdened span of the task dag, METHOD.md §5), or the parallel code on exactly P workers.
 *
 * <p>The one spelling rule, shared by the profiler, the analysis, the gate and the plugin: surrounding
 * blanks are ignored, {@code baseline}, {@code elision} and {@code span} in any letter case, P as decimal
 * digits (leading zeros allowed) from 1 to {@value #MAX_WORKERS}. {@link #toString()} gives the canonical
 * spelling ({@code baseline}, {@code elision}, {@code span}, {@code 4}), which is what every output shows.
 *
 * @param kind    which of the four
 * @param workers P for {@link Kind#WORKERS}, 0 otherwise
 */
public record CoresValue(Kind kind, int workers) implements CoresParam {

    /** The name of the JMH param that tells the configurations of a family apart. */
    public static final String PARAM = "cores";
    /**
     * The system property in which the profiler's host hands each fork its {@code cores} value (canonical), so
     * that code that runs before any benchmark state (a user's {@code @Setup}) can size its pool.
     */
    public static final String PROPERTY = "factored.cores";
    public static final String BASELINE = "baseline";
    public static final String ELISION = "elision";
    public static final String SPAN = "span";
    /** The bandwidth test's prefix: {@code bandwidth-P} runs P copies of the baseline at once on P CPUs. */
    public static final String BANDWIDTH = "bandwidth-";
    /** No machine a JVM runs on has more hardware threads than this; larger values are typos. */
    public static final int MAX_WORKERS = 65_536;

    public enum Kind { BASELINE, ELISION, SPAN, WORKERS, BANDWIDTH }

    /** Baseline, elision, span, then P ascending: the order of every table and chart. */
    public static final Comparator<CoresValue> ORDER = Comparator
            .comparingInt((CoresValue c) -> c.kind().ordinal())
            .thenComparingInt(CoresValue::workers);

    public static final CoresValue BASELINE_VALUE = new CoresValue(Kind.BASELINE, 0);
    public static final CoresValue ELISION_VALUE = new CoresValue(Kind.ELISION, 0);
    public static final CoresValue SPAN_VALUE = new CoresValue(Kind.SPAN, 0);

    public CoresValue {
        if (kind == null) {
            throw new IllegalArgumentException("a cores value needs a kind");
        }
        if ((kind == Kind.WORKERS || kind == Kind.BANDWIDTH) && (workers < 1 || workers > MAX_WORKERS)) {
            throw new IllegalArgumentException("a pool needs 1 to " + MAX_WORKERS + " workers, got " + workers);
        }
        if (kind != Kind.WORKERS && kind != Kind.BANDWIDTH && workers != 0) {
            throw new IllegalArgumentException(kind.name().toLowerCase(Locale.ROOT) + " has no workers");
        }
    }

    public static CoresValue workers(int p) {
        return new CoresValue(Kind.WORKERS, p);
    }

    /**
     * Parses a {@code cores} value by the one rule of this class. Called only where the text enters a room (the
     * profiler's {@code ForkCores}, the analysis' {@code CoresText}, the run's cores list, the gate's rules); past
     * that, every step carries the value.
     *
     * @throws IllegalArgumentException naming the value and the accepted spellings
     */
    public static CoresValue parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("cores is not set: " + ACCEPTED);
        }
        String v = text.strip();
        if (v.equalsIgnoreCase(BASELINE)) {
            return BASELINE_VALUE;
        }
        if (v.equalsIgnoreCase(ELISION)) {
            return ELISION_VALUE;
        }
        if (v.equalsIgnoreCase(SPAN)) {
            return SPAN_VALUE;
        }
        if (v.regionMatches(true, 0, BANDWIDTH, 0, BANDWIDTH.length())) {
            String p = v.substring(BANDWIDTH.length());
            if (!p.isEmpty() && p.length() <= 9 && p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                int copies = Integer.parseInt(p);
                if (copies >= 1 && copies <= MAX_WORKERS) {
                    return new CoresValue(Kind.BANDWIDTH, copies);
                }
            }
            throw new IllegalArgumentException("cores = \"" + text + "\" is not a configuration: the bandwidth test "
                    + "is bandwidth-P with P copies, 1 to " + MAX_WORKERS + "; " + ACCEPTED);
        }
        if (!v.isEmpty() && v.length() <= 9 && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            int p = Integer.parseInt(v);
            if (p >= 1 && p <= MAX_WORKERS) {
                return workers(p);
            }
            throw new IllegalArgumentException("cores = \"" + text + "\" is not a configuration: the number of "
                    + "workers must be 1 to " + MAX_WORKERS + "; " + ACCEPTED);
        }
        throw new IllegalArgumentException("cores = \"" + text + "\" is not a configuration: " + ACCEPTED);
    }

    private static final String ACCEPTED = "use baseline, elision, span, bandwidth-P or a positive number of workers "
            + "(e.g. 1, 2, 4)";

    public boolean isBaseline() {
        return kind == Kind.BASELINE;
    }

    public boolean isElision() {
        return kind == Kind.ELISION;
    }

    /**
     * The bandwidth test (Cilkview §5): P copies of the baseline at once, each on its own data, on P CPUs;
     * {@link #workers()} is P, the number of copies.
     */
    public boolean isBandwidth() {
        return kind == Kind.BANDWIDTH;
    }

    /** The elision with strand timing: work, span and burdened span in one serial run. */
    public boolean isSpan() {
        return kind == Kind.SPAN;
    }

    /** Runs the parallel code on a pool of {@link #workers()} workers (1 included). */
    public boolean isParallel() {
        return kind == Kind.WORKERS;
    }

    /** CPUs a fork of this configuration is pinned to: P for a pool, 1 for the sequential ones (span included). */
    public int cpus() {
        return kind == Kind.WORKERS || kind == Kind.BANDWIDTH ? workers : 1;
    }

    /** The canonical spelling: {@code baseline}, {@code elision}, {@code span}, {@code bandwidth-P} or P in decimal. */
    @Override
    public String toString() {
        return switch (kind) {
            case BASELINE -> BASELINE;
            case ELISION -> ELISION;
            case SPAN -> SPAN;
            case BANDWIDTH -> BANDWIDTH + workers;
            case WORKERS -> Integer.toString(workers);
        };
    }

    /** One configuration: itself. */
    @Override
    public List<CoresValue> configurations() {
        return List.of(this);
    }
}
