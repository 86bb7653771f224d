package dev.factored.gate.rules;

import dev.factored.gate.terms.Direction;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a {@link Rule} can limit, named in configuration by its kebab-case {@link #configName()}.
 * Symbols as in METHOD.md: T_s baseline time, T_e elision time, T_1 one-worker time, T_P and I_P the
 * time and the summed idle time of P workers, F_P the work inflation. Each metric has a documented
 * {@link #direction()}; a rule may still set a minimum and/or a maximum on any metric.
 */
public enum Metric {
    /** {@code actual-speedup}: T_s / T_P. Higher is better. */
    ACTUAL_SPEEDUP("actual-speedup", Direction.HIGHER_IS_BETTER, "T_s / T_P", false, true),
    /** {@code efficiency}: actual speedup / P = T_s / (P·T_P). Higher is better; 1 is linear. */
    EFFICIENCY("efficiency", Direction.HIGHER_IS_BETTER, "T_s / (P·T_P)", true, true),
    /** {@code algorithmic-loss}: (T_e − T_s) / T_P, speedup lost to the parallel algorithm. Lower is better. */
    ALGORITHMIC_LOSS("algorithmic-loss", Direction.LOWER_IS_BETTER, "(T_e − T_s) / T_P", false, true),
    /** {@code scheduling-loss}: (T_1 − T_e) / T_P, speedup lost to task overhead. Lower is better. */
    SCHEDULING_LOSS("scheduling-loss", Direction.LOWER_IS_BETTER, "(T_1 − T_e) / T_P", false, true),
    /** {@code idle-loss}: I_P / T_P, speedup lost to idle workers. Lower is better. */
    IDLE_LOSS("idle-loss", Direction.LOWER_IS_BETTER, "I_P / T_P", false, true),
    /** {@code inflation-loss}: F_P / T_P, speedup lost to work inflation (negative: gained). Lower is better. */
    INFLATION_LOSS("inflation-loss", Direction.LOWER_IS_BETTER, "F_P / T_P", false, true),
    /**
     * {@code own-waiting-loss}: O_P / T_P, speedup lost while the workers waited for a CPU behind the program's own
     * threads (more runnable threads than CPUs) or the JVM's. Lower is better.
     */
    OWN_WAITING_LOSS("own-waiting-loss", Direction.LOWER_IS_BETTER, "O_P / T_P", false, true),
    /** {@code idle-share}: I_P / (P·T_P), the share of the machine's time spent idle. Lower is better. */
    IDLE_SHARE("idle-share", Direction.LOWER_IS_BETTER, "I_P / (P·T_P)", true, true),
    /** {@code inflation-share}: F_P / (P·T_P), the share of the machine's time lost to inflation. Lower is better. */
    INFLATION_SHARE("inflation-share", Direction.LOWER_IS_BETTER, "F_P / (P·T_P)", true, true),
    /** {@code scheduling-overhead}: T_1 / T_e − 1, task overhead relative to the elided code. Lower is better. */
    SCHEDULING_OVERHEAD("scheduling-overhead", Direction.LOWER_IS_BETTER, "T_1 / T_e − 1", true, false),
    /** {@code algorithmic-overhead}: T_e / T_s − 1, extra work of the parallel algorithm. Lower is better. */
    ALGORITHMIC_OVERHEAD("algorithmic-overhead", Direction.LOWER_IS_BETTER, "T_e / T_s − 1", true, false);

    private final String configName;
    private final Direction direction;
    private final String formula;
    private final boolean fraction;
    private final boolean perCores;

    Metric(String configName, Direction direction, String formula, boolean fraction, boolean perCores) {
        this.configName = configName;
        this.direction = direction;
        this.formula = formula;
        this.fraction = fraction;
        this.perCores = perCores;
    }

    /** The kebab-case name used in configuration and in check.json. */
    public String configName() {
        return configName;
    }

    public Direction direction() {
        return direction;
    }

    /** The definition in METHOD.md's symbols, for messages and documentation. */
    public String formula() {
        return formula;
    }

    /** Whether the metric is a share or a relative overhead, best shown as a percentage. */
    public boolean isFraction() {
        return fraction;
    }

    /**
     * Whether the metric is taken at one core count P. The two overheads compare sequential
     * configurations only, so a rule's cores setting does not apply to them.
     */
    public boolean isPerCores() {
        return perCores;
    }

    /** The metric for a configuration name, ignoring case and surrounding blanks. */
    public static Metric parse(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("no metric given; valid metrics: " + validNames());
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (Metric m : values()) {
            if (m.configName.equals(wanted)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown metric \"" + name + "\"; valid metrics: " + validNames());
    }

    /** All configuration names, comma-separated, for error messages. */
    public static String validNames() {
        return Arrays.stream(values()).map(Metric::configName).collect(Collectors.joining(", "));
    }
}
