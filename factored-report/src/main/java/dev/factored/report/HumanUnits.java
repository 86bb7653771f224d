package dev.factored.report;

import dev.factored.analysis.Estimate;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers for people: durations in the unit that suits each one (ns, µs, ms, s), speedups and
 * percentages, all with three significant digits and {@link Locale#ROOT} (a dot as decimal separator,
 * whatever the machine's locale).
 *
 * <p>Rounding happens before the unit is chosen, so 999.7 ns reads "1.00 µs", never "1000 ns".
 */
public final class HumanUnits {

    /** Shown where a number was not measured. */
    public static final String NOT_MEASURED = "not measured";

    private static final MathContext THREE_DIGITS = new MathContext(3, RoundingMode.HALF_EVEN);
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final String[] UNITS = {"ns", "µs", "ms", "s"};

    private HumanUnits() {
    }

    /** A duration given in seconds, e.g. {@code 0.0123} → {@code "12.3 ms"}. */
    public static String duration(double seconds) {
        if (!Double.isFinite(seconds)) {
            return "n/a";
        }
        int unit = unitFor(seconds);
        return digits(scaled(seconds, unit)) + " " + UNITS[unit];
    }

    /** A duration with its interval in the value's unit: {@code "12.3 ms [12.1, 12.6]"}; null → not measured. */
    public static String duration(Estimate seconds) {
        if (seconds == null) {
            return NOT_MEASURED;
        }
        if (!Double.isFinite(seconds.value())) {
            return "n/a";
        }
        int unit = unitFor(seconds.value());
        String value = digits(scaled(seconds.value(), unit)) + " " + UNITS[unit];
        if (seconds.low() == seconds.high()) {
            return value;
        }
        return value + " [" + digits(scaled(seconds.low(), unit)) + ", " + digits(scaled(seconds.high(), unit)) + "]";
    }

    /** A speedup factor: {@code 3.517} → {@code "3.52x"}. */
    public static String speedup(double factor) {
        if (!Double.isFinite(factor)) {
            return "n/a";
        }
        return digits(factor) + "x";
    }

    /** A speedup with its interval: {@code "3.52x [3.40, 3.61]"}; null → not measured. */
    public static String speedup(Estimate factor) {
        if (factor == null) {
            return NOT_MEASURED;
        }
        String value = speedup(factor.value());
        if (factor.low() == factor.high() || !Double.isFinite(factor.value())) {
            return value;
        }
        return value + " [" + digits(factor.low()) + ", " + digits(factor.high()) + "]";
    }

    /** A fraction as a percentage with up to three significant digits: {@code 0.4417} → {@code "44.2%"}. */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return "n/a";
        }
        return digits(fraction * 100) + "%";
    }

    /** A plain number with three significant digits, e.g. for tick labels and confidence levels. */
    public static String digits(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(THREE_DIGITS);
        if (rounded.precision() < 3) { // 10 → 10.0, 2 → 2.00: always three significant digits
            rounded = rounded.setScale(rounded.scale() + 3 - rounded.precision(), RoundingMode.UNNECESSARY);
        }
        if (rounded.scale() < 0) { // 1.23E+4 → 12300
            rounded = rounded.setScale(0, RoundingMode.UNNECESSARY);
        }
        return rounded.toPlainString();
    }

    /** Up to three significant digits without trailing zeros, for tick labels and levels: 95, 0.5, 128. */
    public static String plain(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(THREE_DIGITS).stripTrailingZeros();
        if (rounded.scale() < 0) {
            rounded = rounded.setScale(0, RoundingMode.UNNECESSARY);
        }
        return rounded.toPlainString();
    }

    /** Index into {@link #UNITS} chosen on the value rounded to three digits, so that 999.7 ns becomes µs. */
    private static int unitFor(double seconds) {
        if (seconds == 0) {
            return 0;
        }
        BigDecimal nanos = new BigDecimal(Math.abs(seconds) * 1e9).round(THREE_DIGITS);
        int unit = 0;
        while (unit < UNITS.length - 1 && nanos.compareTo(THOUSAND) >= 0) {
            nanos = nanos.movePointLeft(3);
            unit++;
        }
        return unit;
    }

    private static double scaled(double seconds, int unit) {
        return seconds * Math.pow(1000, 3 - unit);
    }
}
