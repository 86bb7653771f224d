package dev.factored.forkjoin;

/**
 * One value of the {@code cores} parameter: the sequential {@code baseline}, the sequential
 * {@code elision} of the parallel code, or the parallel code on exactly {@code workers} workers.
 *
 * @param kind    which of the three
 * @param workers P for {@link Kind#WORKERS}, 0 otherwise
 */
public record Configuration(Kind kind, int workers) {

    public enum Kind { BASELINE, ELISION, WORKERS }

    public static final String BASELINE = "baseline";
    public static final String ELISION = "elision";

    public Configuration {
        if (kind == Kind.WORKERS && workers < 1) {
            throw new IllegalArgumentException("a pool needs at least 1 worker, got " + workers);
        }
        if (kind != Kind.WORKERS && workers != 0) {
            throw new IllegalArgumentException(kind + " has no workers");
        }
    }

    public static Configuration workers(int p) {
        return new Configuration(Kind.WORKERS, p);
    }

    /**
     * Parses a {@code cores} value.
     *
     * @throws IllegalArgumentException naming the value and the accepted forms
     */
    public static Configuration parse(String cores) {
        if (cores == null) {
            throw new IllegalArgumentException("cores is not set: use baseline, elision or a positive integer");
        }
        String v = cores.trim();
        if (v.equalsIgnoreCase(BASELINE)) {
            return new Configuration(Kind.BASELINE, 0);
        }
        if (v.equalsIgnoreCase(ELISION)) {
            return new Configuration(Kind.ELISION, 0);
        }
        try {
            int p = Integer.parseInt(v);
            if (p >= 1) {
                return workers(p);
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message below
        }
        throw new IllegalArgumentException(
                "cores = '" + cores + "' is not a configuration: use baseline, elision or a positive integer");
    }

    public boolean isBaseline() {
        return kind == Kind.BASELINE;
    }

    public boolean isElision() {
        return kind == Kind.ELISION;
    }

    /** CPUs a fork of this configuration is pinned to: P for a pool, 1 for the sequential ones. */
    public int cpus() {
        return kind == Kind.WORKERS ? workers : 1;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BASELINE -> BASELINE;
            case ELISION -> ELISION;
            case WORKERS -> Integer.toString(workers);
        };
    }
}
