package dev.factored.run.settings;

import java.time.Duration;

/**
 * How long JMH measures each configuration. The goal's explicit overrides (forks, warmupIterations, …)
 * win over the preset.
 *
 * <table>
 * <caption>What each preset passes to JMH, and its budget</caption>
 * <tr><th>preset</th><th>forks (-f)</th><th>warmup (-wi × -w)</th><th>measurement (-i × -r)</th>
 *     <th>budget</th><th>precision</th></tr>
 * <tr><td>quick</td><td>1</td><td>3 × 200 ms</td><td>3 × 200 ms</td><td>3 min 30 s</td><td>±5 %</td></tr>
 * <tr><td>default</td><td>2</td><td>3 × 1 s</td><td>5 × 1 s</td><td>20 min</td><td>±5 %</td></tr>
 * <tr><td>thorough</td><td>5</td><td>5 × 2 s</td><td>10 × 2 s</td><td>2 h</td><td>±2 %</td></tr>
 * </table>
 *
 * <p>Quick is for trying the plugin and for CI: one fork of everything, then as many further single forks as its
 * budget allows where the intervals are widest (the first of them measure the noise between forks, which no single
 * fork can show). Default gives intervals a gate can use. Thorough is for numbers you publish. More forks narrow
 * the intervals more than more iterations do, since JIT decisions differ between forks ({@link Budget}).
 */
public enum Preset {
    QUICK(1, 3, "200ms", 3, "200ms", Duration.ofSeconds(210), 0.05),
    DEFAULT(2, 3, "1s", 5, "1s", Duration.ofMinutes(20), 0.05),
    THOROUGH(5, 5, "2s", 10, "2s", Duration.ofHours(2), 0.02);

    public final int forks;
    public final int warmupIterations;
    public final String warmupTime;
    public final int measurementIterations;
    public final String measurementTime;
    final Duration budget;
    final double precision;

    Preset(int forks, int warmupIterations, String warmupTime, int measurementIterations, String measurementTime,
            Duration budget, double precision) {
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.measurementIterations = measurementIterations;
        this.measurementTime = measurementTime;
        this.budget = budget;
        this.precision = precision;
    }

    /** Parses {@code quick}, {@code default} or {@code thorough}, ignoring case; null or blank is the default. */
    public static Preset parse(String name, Spelling spelling) {
        return Choice.parse(Preset.class, name, DEFAULT, "preset", "quick, default or thorough",
                spelling.where(Setting.PRESET));
    }
}
