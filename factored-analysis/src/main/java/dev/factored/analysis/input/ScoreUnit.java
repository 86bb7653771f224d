package dev.factored.analysis.input;

import java.util.Optional;

/**
 * A JMH score unit that the analysis understands: a time per operation ({@code ns/op} … {@code day/op},
 * as avgt, sample and ss write it) or operations per time ({@code ops/ns} … {@code ops/day}, as thrpt
 * writes it). Converts one sample to seconds per operation.
 *
 * @param unit          the unit as written
 * @param seconds       the length of the unit's time part in seconds
 * @param perOperation  true for time/op, false for ops/time (throughput, inverted sample by sample)
 */
public record ScoreUnit(String unit, double seconds, boolean perOperation) {

    /** The unit string for a throughput or a time per operation, or empty if it is neither. */
    public static Optional<ScoreUnit> parse(String unit) {
        if (unit == null) {
            return Optional.empty();
        }
        String u = unit.trim();
        if (u.endsWith("/op")) {
            return timeSeconds(u.substring(0, u.length() - 3)).map(s -> new ScoreUnit(unit, s, true));
        }
        if (u.startsWith("ops/")) {
            return timeSeconds(u.substring(4)).map(s -> new ScoreUnit(unit, s, false));
        }
        return Optional.empty();
    }

    /** The time of one operation in seconds for a sample in this unit (throughput is inverted). */
    public double toSecondsPerOp(double sample) {
        return perOperation ? sample * seconds : seconds / sample;
    }

    /**
     * A length of time as JMH writes it in a benchmark's settings ("1 s", "200 ms"), in seconds; empty when it is not
     * a number and a time unit.
     */
    public static Optional<Double> lengthSeconds(String length) {
        if (length == null) {
            return Optional.empty();
        }
        String[] parts = length.strip().split("\\s+");
        if (parts.length != 2) {
            return Optional.empty();
        }
        try {
            double amount = Double.parseDouble(parts[0]);
            return timeSeconds(parts[1]).map(scale -> amount * scale);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    // JMH's TimeValue short names (ns, us, ms, s, min, hr, day), plus the spellings a person might use.
    private static Optional<Double> timeSeconds(String t) {
        return switch (t) {
            case "ns" -> Optional.of(1e-9);
            case "us", "µs", "μs" -> Optional.of(1e-6);
            case "ms" -> Optional.of(1e-3);
            case "s", "sec" -> Optional.of(1.0);
            case "min" -> Optional.of(60.0);
            case "hr", "h" -> Optional.of(3600.0);
            case "day", "d" -> Optional.of(86400.0);
            default -> Optional.empty();
        };
    }
}
