package dev.factored.run.settings;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a run may measure and how precise it tries to be (METHOD.md §11). After the planned rounds (the preset's
 * or {@code -f}'s forks of every configuration), further rounds of single forks go where the analysis says they
 * narrow the widest interval a headline rests on ({@code ForkAllocation}), while the next fork still fits in the
 * budget and some target is missed. The budget never cuts the planned rounds: it bounds the rounds after them.
 *
 * @param wallTime  the JMH run's time, planned rounds included; zero: no further rounds
 * @param precision the half-width each target aims at: of the speedup S_P relative to it, of the largest loss as a
 *                  share of P
 */
public record Budget(Duration wallTime, double precision) {

    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(h|min|m|s|ms)?");
    /** As {@link #describe()} writes it: {@code 3m30s}, {@code 1h5m}. */
    private static final Pattern COMPOUND = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

    public Budget {
        if (wallTime == null || wallTime.isNegative()) {
            throw new IllegalArgumentException("a budget must be a time of 0 or more");
        }
        if (!(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("precision = " + precision + " is not valid: give a share such as 5% "
                    + "or 0.05, above 0 and below 1");
        }
    }

    /** No further rounds. */
    public boolean none() {
        return wallTime.isZero();
    }

    /**
     * The budget from the front end's values as given (null or blank: the preset's).
     *
     * @param budget    e.g. {@code 4m}, {@code 90s}, {@code 1h}, {@code 2.5m}; {@code 0} or {@code off}: no further
     *                  rounds
     * @param precision e.g. {@code 5%} or {@code 0.05}
     * @throws IllegalArgumentException naming the value and the form expected
     */
    public static Budget of(Preset preset, String budget, String precision) {
        Duration wall = budget == null || budget.isBlank() ? preset.budget : time(budget.strip());
        double share = precision == null || precision.isBlank() ? preset.precision : share(precision.strip());
        return new Budget(wall, share);
    }

    static Duration time(String text) {
        if (text.equalsIgnoreCase("off")) {
            return Duration.ZERO;
        }
        Matcher m = TIME.matcher(text.toLowerCase(Locale.ROOT));
        Matcher compound = COMPOUND.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches() && compound.matches() && !text.isEmpty()) {
            long seconds = 0;
            long[] scale = {3600, 60, 1};
            for (int g = 1; g <= 3; g++) {
                seconds += compound.group(g) == null ? 0 : Long.parseLong(compound.group(g)) * scale[g - 1];
            }
            return Duration.ofSeconds(seconds);
        }
        if (!m.matches()) {
            throw new IllegalArgumentException("budget '" + text + "' is not a time: give e.g. 4m, 90s, 1h or off");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? (value == 0 ? "s" : null) : m.group(2);
        if (unit == null) {
            throw new IllegalArgumentException("budget '" + text + "' has no unit: give e.g. 4m, 90s or 1h");
        }
        double seconds = switch (unit) {
            case "h" -> value * 3600;
            case "min", "m" -> value * 60;
            case "ms" -> value / 1000;
            default -> value;
        };
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    static double share(String text) {
        try {
            return text.endsWith("%") ? Double.parseDouble(text.substring(0, text.length() - 1).strip()) / 100
                    : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("precision '" + text + "' is not a share: give e.g. 5% or 0.05");
        }
    }

    /** e.g. {@code budget 3m30s, precision ±5%}. */
    public String describe() {
        if (none()) {
            return "no further rounds";
        }
        long s = wallTime.toSeconds();
        String time = (s >= 3600 ? s / 3600 + "h" : "") + (s % 3600 >= 60 ? s % 3600 / 60 + "m" : "")
                + (s % 60 != 0 || s == 0 ? s % 60 + "s" : "");
        return "budget " + time + ", precision \u00b1" + dev.factored.text.Numbers.percent(precision);
    }
}
