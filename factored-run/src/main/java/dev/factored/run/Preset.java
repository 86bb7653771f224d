package dev.factored.run;

import java.util.Locale;

/**
 * How long JMH measures each configuration. The goal's explicit overrides (forks, warmupIterations, …)
 * win over the preset.
 *
 * <table>
 * <caption>What each preset passes to JMH</caption>
 * <tr><th>preset</th><th>forks (-f)</th><th>warmup (-wi × -w)</th><th>measurement (-i × -r)</th>
 *     <th>time per configuration, roughly</th></tr>
 * <tr><td>quick</td><td>1</td><td>3 × 200 ms</td><td>5 × 200 ms</td><td>1.6 s</td></tr>
 * <tr><td>default</td><td>2</td><td>3 × 1 s</td><td>5 × 1 s</td><td>17 s</td></tr>
 * <tr><td>thorough</td><td>5</td><td>5 × 2 s</td><td>10 × 2 s</td><td>2.5 min</td></tr>
 * </table>
 *
 * <p>Quick is for trying the plugin and for CI smoke runs: its intervals are wide. Default gives
 * intervals a gate can use. Thorough is for numbers you publish. More forks narrow the intervals more
 * than more iterations do, since JIT decisions differ between forks.
 */
public enum Preset {
    QUICK(1, 3, "200ms", 5, "200ms"),
    DEFAULT(2, 3, "1s", 5, "1s"),
    THOROUGH(5, 5, "2s", 10, "2s");

    final int forks;
    final int warmupIterations;
    final String warmupTime;
    final int measurementIterations;
    final String measurementTime;

    Preset(int forks, int warmupIterations, String warmupTime, int measurementIterations, String measurementTime) {
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.measurementIterations = measurementIterations;
        this.measurementTime = measurementTime;
    }

    /** Parses {@code quick}, {@code default} or {@code thorough}, ignoring case. */
    public static Preset parse(String name) {
        if (name == null || name.isBlank()) {
            return DEFAULT;
        }
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown preset '" + name
                    + "': use quick, default or thorough (<preset> or -Dfactored.preset)");
        }
    }
}
