package dev.factored.run.jmh;

import dev.factored.run.settings.Preset;

/**
 * How long JMH measures: a preset and the front end's overrides of it (null: the preset's).
 *
 * @param preset                the timing preset
 * @param forks                 override of the preset's {@code -f}, or null
 * @param warmupIterations      override of {@code -wi}, or null
 * @param warmupTime            override of {@code -w}, e.g. {@code 500ms}, or null
 * @param measurementIterations override of {@code -i}, or null
 * @param measurementTime       override of {@code -r}, e.g. {@code 2s}, or null
 */
public record Timing(Preset preset, Integer forks, Integer warmupIterations, String warmupTime,
                     Integer measurementIterations, String measurementTime) {

    public Timing {
        preset = preset == null ? Preset.DEFAULT : preset;
        if (forks != null && forks == 0) {
            throw new IllegalArgumentException("forks = 0: " + JmhArguments.NO_FORKS);
        }
        requirePositive(forks, "forks", true);
        requirePositive(warmupIterations, "warmupIterations", true);
        requirePositive(measurementIterations, "measurementIterations", false);
    }

    /** The preset alone. */
    public static Timing of(Preset preset) {
        return new Timing(preset, null, null, null, null, null);
    }

    /** {@code -f}: the override, else the preset's. */
    public int effectiveForks() {
        return forks != null ? forks : preset.forks;
    }

    public int effectiveWarmupIterations() {
        return warmupIterations != null ? warmupIterations : preset.warmupIterations;
    }

    public String effectiveWarmupTime() {
        return warmupTime != null ? warmupTime : preset.warmupTime;
    }

    public int effectiveMeasurementIterations() {
        return measurementIterations != null ? measurementIterations : preset.measurementIterations;
    }

    public String effectiveMeasurementTime() {
        return measurementTime != null ? measurementTime : preset.measurementTime;
    }

    /** e.g. {@code preset quick: 1 fork(s), warmup 3 × 200ms, measurement 3 × 200ms}. */
    public String describe() {
        return "preset " + preset.name().toLowerCase(java.util.Locale.ROOT) + ": " + effectiveForks()
                + " fork(s), warmup " + effectiveWarmupIterations() + " \u00d7 " + effectiveWarmupTime()
                + ", measurement " + effectiveMeasurementIterations() + " \u00d7 " + effectiveMeasurementTime();
    }

    private static void requirePositive(Integer value, String name, boolean zeroAllowed) {
        if (value != null && (value < 0 || value == 0 && !zeroAllowed)) {
            throw new IllegalArgumentException(name + " = " + value + " is not valid; give "
                    + (zeroAllowed ? "0 or more" : "1 or more"));
        }
    }
}
