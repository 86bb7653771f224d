package dev.factored.text;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.measurement.Zero;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The one number formatter for people: the report, the gate's reasons (check.json text fields),
 * summary.md and the build log write a speedup, a time, a percentage and a change the same way.
 *
 * <table>
 * <caption>Formats</caption>
 * <tr><th>quantity</th><th>method</th><th>examples</th></tr>
 * <tr><td>speedup (also a loss of speedup)</td><td>{@link #speedup(double)}</td>
 *     <td>{@code 1.26x}, {@code 12.0x}, {@code 128x}, {@code 0.500x}</td></tr>
 * <tr><td>time, given in seconds</td><td>{@link #time(double)}</td>
 *     <td>{@code 999 ns}, {@code 1.00 µs}, {@code 12.3 ms}, {@code 2.00 s}</td></tr>
 * <tr><td>fraction as a percentage</td><td>{@link #percent(double)}</td>
 *     <td>{@code 44.2%}, {@code 5.0%}, {@code 150%}</td></tr>
 * <tr><td>ratio current/baseline as a signed change</td><td>{@link #change(double)}</td>
 *     <td>{@code +20.0%}, {@code -25.0%}, {@code +0.0%}</td></tr>
 * <tr><td>an estimate with its interval</td><td>{@link #speedup(Estimate)} …</td>
 *     <td>{@code 1.26x [1.20, 1.31]}, {@code 12.3 ms [12.1, 12.6]}, {@code 62.5% [60.1, 65.0]},
 *     {@code +20.0% [+10.0, +30.0]}</td></tr>
 * </table>
 *
 * <ul>
 * <li>Speedups and times have three significant digits, trailing zeros kept (they state the
 *     precision): {@link #digits(double)}. Zero is {@code 0}; from 1000 up a number is whole ({@code 12345} is
 *     {@code 12300}), never in exponent form.</li>
 * <li>A time is in the unit that suits it: ns, µs (the micro sign U+00B5, which also exists in the
 *     legacy Windows and DOS code pages, so consoles show it), ms, or s. The value is rounded before
 *     the unit is chosen: 999.7 ns is {@code 1.00 µs}, never {@code 1000 ns}.</li>
 * <li>Percentages and changes have one decimal below 100 and none from 100 up; a change always has
 *     its sign, and one that rounds to zero is {@code +0.0%}.</li>
 * <li>An interval is written after the value in brackets, its bounds in the value's unit and format,
 *     the unit written once (after the value). An exact estimate (low = high) is the value alone.</li>
 * <li>An estimate that is 0 for a reason ({@link Zero}) has the reason where its interval would be, never
 *     {@code [0, 0]}: {@code 0x (none measured)}, {@code 0.0% (none measured)}, {@code 0 ns (by construction)}
 *     ({@link #zeroReason}).</li>
 * <li>A percentage's or a change's value or bound that is not 0 but would round to 0.0 has two significant
 *     digits instead ({@code 0.041}), so that an interval reads {@code [0.0, 0.0]} only where it is 0.</li>
 * <li>Rounding is half up on the shortest decimal form of the double (what {@link Double#toString}
 *     shows), and the decimal separator is always a dot, whatever the default locale.</li>
 * <li>A number that is not finite is {@code n/a} (NaN), {@code inf} or {@code -inf}, without unit; a
 *     missing estimate ({@code null}) is {@link #NOT_MEASURED}.</li>
 * </ul>
 */
public final class Numbers {

    /** Shown for an estimate that was not measured ({@code null}). */
    public static final String NOT_MEASURED = "not measured";

    private static final MathContext THREE_DIGITS = new MathContext(3, RoundingMode.HALF_UP);
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final String[] TIME_UNITS = {"ns", "µs", "ms", "s"};

    private Numbers() {
    }

    // ---- speedups ---------------------------------------------------------------------------------

    /** A speedup factor (or a loss of speedup): {@code 1.2649} → {@code "1.26x"}. */
    public static String speedup(double factor) {
        return Double.isFinite(factor) ? digits(factor) + "x" : nonFinite(factor);
    }

    /** A speedup with its interval: {@code "1.26x [1.20, 1.31]"}; null → {@link #NOT_MEASURED}. */
    public static String speedup(Estimate factor) {
        if (factor == null) {
            return NOT_MEASURED;
        }
        return withBounds(speedup(factor.value()), factor, speedupBounds(factor));
    }

    /** The interval of a speedup alone: {@code "[1.20, 1.31]"}; a zero's reason ({@link #zeroReason}). */
    public static String speedupBounds(Estimate factor) {
        if (factor.zero() != null) {
            return zeroReason(factor.zero());
        }
        return "[" + digits(factor.low()) + ", " + digits(factor.high()) + "]";
    }

    // ---- times ------------------------------------------------------------------------------------

    /** A time given in seconds, in the unit that suits it: {@code 1.234e-5} → {@code "12.3 µs"}. */
    public static String time(double seconds) {
        if (!Double.isFinite(seconds)) {
            return nonFinite(seconds);
        }
        int unit = unitFor(seconds);
        return digits(scaled(seconds, unit)) + " " + TIME_UNITS[unit];
    }

    /** A time with its interval in the value's unit: {@code "12.3 ms [12.1, 12.6]"}; null → not measured. */
    public static String time(Estimate seconds) {
        if (seconds == null) {
            return NOT_MEASURED;
        }
        return withBounds(time(seconds.value()), seconds, timeBounds(seconds));
    }

    /** The interval of a time alone, in the unit of its value: {@code "[12.1, 12.6]"}; a zero's reason. */
    public static String timeBounds(Estimate seconds) {
        if (seconds.zero() != null) {
            return zeroReason(seconds.zero());
        }
        int unit = unitFor(seconds.value());
        return "[" + digits(scaled(seconds.low(), unit)) + ", "
                + digits(scaled(seconds.high(), unit)) + "]";
    }

    // ---- percentages and changes ------------------------------------------------------------------

    /** A fraction as a percentage: {@code 0.4417} → {@code "44.2%"}, {@code 1.5} → {@code "150%"}. */
    public static String percent(double fraction) {
        return percentText(fraction, false, false);
    }

    /** A percentage with its interval: {@code "62.5% [60.1, 65.0]"}; null → not measured. */
    public static String percent(Estimate fraction) {
        if (fraction == null) {
            return NOT_MEASURED;
        }
        return withBounds(percentText(fraction.value(), false, true), fraction, percentBounds(fraction));
    }

    /** The interval of a percentage alone: {@code "[60.1, 65.0]"}; a zero's reason ({@link #zeroReason}). */
    public static String percentBounds(Estimate fraction) {
        if (fraction.zero() != null) {
            return zeroReason(fraction.zero());
        }
        return "[" + percentOrNonFinite(fraction.low(), false) + ", " + percentOrNonFinite(fraction.high(), false)
                + "]";
    }

    /** A ratio current / baseline as a signed change: {@code 1.2} → {@code "+20.0%"}, {@code 0.75} → {@code "-25.0%"}. */
    public static String change(double ratio) {
        return percentText(ratio - 1, true, false);
    }

    /** A change with its interval: {@code "+20.0% [+10.0, +30.0]"}; null → not measured. */
    public static String change(Estimate ratio) {
        if (ratio == null) {
            return NOT_MEASURED;
        }
        return withBounds(percentText(ratio.value() - 1, true, true), ratio, changeBounds(ratio));
    }

    /** The interval of a change alone: {@code "[+10.0, +30.0]"}; a zero's reason ({@link #zeroReason}). */
    public static String changeBounds(Estimate ratio) {
        if (ratio.zero() != null) {
            return zeroReason(ratio.zero());
        }
        return "[" + percentOrNonFinite(ratio.low() - 1, true) + ", " + percentOrNonFinite(ratio.high() - 1, true)
                + "]";
    }

    // ---- zeros ------------------------------------------------------------------------------------------

    /** Why an estimate is 0, in the place of its interval: {@code "(none measured)"}, {@code "(by construction)"}. */
    public static String zeroReason(Zero zero) {
        return switch (zero) {
            case NONE_MEASURED -> "(none measured)";
            case BY_CONSTRUCTION -> "(by construction)";
        };
    }

    // ---- plain numbers ----------------------------------------------------------------------------

    /**
     * A fitted coefficient with its interval, two significant digits each: {@code "0.0021 [0.0012, 0.003]"}; null →
     * not measured.
     */
    public static String coefficient(Estimate e) {
        if (e == null) {
            return NOT_MEASURED;
        }
        return significant(e.value(), 2, false) + " [" + significant(e.low(), 2, false) + ", "
                + significant(e.high(), 2, false) + "]";
    }

    /**
     * A number with three significant digits, trailing zeros kept: {@code 1.2} → {@code "1.20"},
     * {@code 12} → {@code "12.0"}, {@code 0.5} → {@code "0.500"}, {@code 12345} → {@code "12300"};
     * zero is {@code "0"}.
     */
    public static String digits(double value) {
        return significant(value, 3, true);
    }

    /**
     * Up to three significant digits without trailing zeros, for axis ticks and levels such as a
     * confidence of {@code 95}%: {@code 95.0} → {@code "95"}, {@code 0.5} → {@code "0.5"}.
     */
    public static String plain(double value) {
        return significant(value, 3, false);
    }

    /**
     * A number with the given count of significant digits (trailing zeros kept or not); zero is
     * {@code "0"}, a number that is not finite as described in the class documentation.
     */
    public static String significant(double value, int digitCount, boolean keepTrailingZeros) {
        if (digitCount < 1) {
            throw new IllegalArgumentException("at least one significant digit, not " + digitCount);
        }
        if (!Double.isFinite(value)) {
            return nonFinite(value);
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = BigDecimal.valueOf(value).round(new MathContext(digitCount, RoundingMode.HALF_UP));
        if (keepTrailingZeros && rounded.precision() < digitCount) { // 2 → 2.00
            rounded = rounded.setScale(rounded.scale() + digitCount - rounded.precision(), RoundingMode.UNNECESSARY);
        } else if (!keepTrailingZeros) {
            rounded = rounded.stripTrailingZeros();
        }
        if (rounded.scale() < 0) { // 1.23E+4 → 12300
            rounded = rounded.setScale(0, RoundingMode.UNNECESSARY);
        }
        return rounded.toPlainString();
    }

    /**
     * A number with a fixed count of decimals, rounded half up: {@code fixed(2.25, 1)} → {@code "2.3"}.
     * Negative zero is written {@code 0}.
     */
    public static String fixed(double value, int decimals) {
        if (!Double.isFinite(value)) {
            return nonFinite(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP);
        if (rounded.signum() == 0) {
            rounded = rounded.abs();
        }
        return rounded.toPlainString();
    }

    // ---- internals --------------------------------------------------------------------------------

    private static String nonFinite(double value) {
        return Double.isNaN(value) ? "n/a" : value > 0 ? "inf" : "-inf";
    }

    private static String withBounds(String value, Estimate e, String bounds) {
        if (e.zero() != null) {
            return value + " " + bounds;
        }
        return e.low() == e.high() || !Double.isFinite(e.value()) ? value : value + " " + bounds;
    }

    private static String percentOrNonFinite(double fraction, boolean signed) {
        return Double.isFinite(fraction) ? percentNumber(fraction, signed, true) : nonFinite(fraction);
    }

    /** A percentage, signed when asked, with its {@code %}; a value that is not finite has no unit. */
    private static String percentText(double fraction, boolean signed, boolean resolved) {
        return Double.isFinite(fraction) ? percentNumber(fraction, signed, resolved) + "%" : nonFinite(fraction);
    }

    /**
     * The number of a percentage: one decimal below 100, none from 100 up (decided after rounding).
     *
     * @param resolved a number that is not 0 but rounds to 0.0 has two significant digits instead (an estimate's
     *                 value and bounds: {@code [0.0, 0.0]} would read as an interval measured to be exactly 0)
     */
    private static String percentNumber(double fraction, boolean signed, boolean resolved) {
        BigDecimal p = BigDecimal.valueOf(fraction).multiply(HUNDRED);
        BigDecimal rounded = p.setScale(1, RoundingMode.HALF_UP);
        if (resolved && rounded.signum() == 0 && p.signum() != 0) {
            rounded = p.round(new MathContext(2, RoundingMode.HALF_UP));
        } else if (rounded.abs().compareTo(HUNDRED) >= 0) {
            rounded = p.setScale(0, RoundingMode.HALF_UP);
        }
        if (rounded.signum() == 0) {
            rounded = rounded.abs(); // no "-0.0%"
        }
        String s = rounded.toPlainString();
        return signed && rounded.signum() >= 0 ? "+" + s : s;
    }

    /** Index into {@link #TIME_UNITS} chosen on the value rounded to three digits: 999.7 ns is µs. */
    private static int unitFor(double seconds) {
        if (seconds == 0 || !Double.isFinite(seconds)) {
            return seconds == 0 ? 0 : TIME_UNITS.length - 1;
        }
        BigDecimal nanos = BigDecimal.valueOf(Math.abs(seconds)).movePointRight(9).round(THREE_DIGITS);
        int unit = 0;
        while (unit < TIME_UNITS.length - 1 && nanos.compareTo(THOUSAND) >= 0) {
            nanos = nanos.movePointLeft(3);
            unit++;
        }
        return unit;
    }

    /** Seconds in a unit of {@link #TIME_UNITS}, exactly in decimal (no binary error from multiplying). */
    private static double scaled(double seconds, int unit) {
        if (!Double.isFinite(seconds)) {
            return seconds;
        }
        return BigDecimal.valueOf(seconds).movePointRight(9 - 3 * unit).doubleValue();
    }
}
