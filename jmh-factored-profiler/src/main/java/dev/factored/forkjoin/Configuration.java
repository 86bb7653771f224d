package dev.factored.forkjoin;

import dev.factored.contract.CoresValue;

/**
 * One value of the {@code cores} parameter: the sequential {@code baseline}, the sequential
 * {@code elision} of the parallel code, or the parallel code on exactly {@code workers} workers.
 *
 * @param kind    which of the three
 * @param workers P for {@link Kind#WORKERS}, 0 otherwise
 */
public record Configuration(Kind kind, int workers) {

    public enum Kind { BASELINE, ELISION, WORKERS }

    public static final String BASELINE = CoresValue.BASELINE;
    public static final String ELISION = CoresValue.ELISION;

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
     * Parses a {@code cores} value by the one spelling rule of {@link CoresValue#parse}.
     *
     * @throws IllegalArgumentException naming the value and the accepted forms
     */
    public static Configuration parse(String cores) {
        CoresValue value = CoresValue.parse(cores);
        return switch (value.kind()) {
            case BASELINE -> new Configuration(Kind.BASELINE, 0);
            case ELISION -> new Configuration(Kind.ELISION, 0);
            case WORKERS -> workers(value.workers());
        };
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
