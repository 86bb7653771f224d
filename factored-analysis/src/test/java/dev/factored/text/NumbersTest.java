package dev.factored.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.factored.analysis.model.measurement.Estimate;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumbersTest {

    @ParameterizedTest(name = "{0} x → {1}")
    @CsvSource(delimiter = '|', value = {
        "1.2649   | 1.26x",
        "3.517    | 3.52x",
        "2        | 2.00x",
        "12       | 12.0x",
        "128      | 128x",
        "0.5      | 0.500x",
        "0.04     | 0.0400x",
        "0.004    | 0.00400x",
        "1234     | 1230x",
        "-0.25    | -0.250x",
        "0        | 0x",
        "1.255    | 1.26x",   // half up on the decimal shown by Double.toString
        "9.996    | 10.0x",
    })
    void speedups(double factor, String expected) {
        assertEquals(expected, Numbers.speedup(factor));
    }

    @ParameterizedTest(name = "{0} s → {1}")
    @CsvSource(delimiter = '|', value = {
        "999e-9     | 999 ns",
        "1e-6       | 1.00 µs",
        "1.234e-5   | 12.3 µs",
        "123.4e-6   | 123 µs",
        "1.5e-3     | 1.50 ms",
        "0.01234    | 12.3 ms",
        "2.0        | 2.00 s",
        "1234       | 1230 s",
        "0.5e-9     | 0.500 ns",
        "0          | 0 ns",
        "-2.5e-3    | -2.50 ms",
        "999.7e-9   | 1.00 µs",   // rounded before the unit is chosen: never 1000 ns
        "999.96e-6  | 1.00 ms",
        "0.99999    | 1.00 s",
    })
    void timesInTheUnitThatSuitsThem(double seconds, String expected) {
        assertEquals(expected, Numbers.time(seconds));
    }

    @Test
    void theMicroSignIsU00B5() {
        assertEquals("12.3 \u00b5s", Numbers.time(1.234e-5));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
        "0.4417   | 44.2%",
        "0.625    | 62.5%",
        "0.75     | 75.0%",
        "0.05     | 5.0%",
        "0.005    | 0.5%",
        "0.00001  | 0.0%",
        "-0.00001 | 0.0%",
        "0.9996   | 100%",    // 99.96 rounds to 100.0: from 100 up without decimal
        "1.5      | 150%",
        "12.345   | 1235%",
        "1        | 100%",
        "0        | 0.0%",
    })
    void percentages(double fraction, String expected) {
        assertEquals(expected, Numbers.percent(fraction));
    }

    @ParameterizedTest(name = "ratio {0} → {1}")
    @CsvSource(delimiter = '|', value = {
        "1.2      | +20.0%",
        "1.05     | +5.0%",
        "0.75     | -25.0%",
        "0.8      | -20.0%",
        "1        | +0.0%",
        "0.99999  | +0.0%",   // no -0.0%
        "3.5      | +250%",
        "0        | -100%",
    })
    void signedChanges(double ratio, String expected) {
        assertEquals(expected, Numbers.change(ratio));
    }

    @Test
    void estimatesWithTheirIntervals() {
        assertEquals("1.26x [1.20, 1.31]", Numbers.speedup(new Estimate(1.26, 1.2, 1.31)));
        assertEquals("3.52x [3.40, 3.61]", Numbers.speedup(new Estimate(3.517, 3.4, 3.61)));
        assertEquals("8.00x", Numbers.speedup(Estimate.exact(8)));
        assertEquals("[1.20, 1.31]", Numbers.speedupBounds(new Estimate(1.26, 1.2, 1.31)));
        assertEquals("12.3 ms [12.1, 12.6]", Numbers.time(new Estimate(0.0123, 0.0121, 0.0126)));
        assertEquals("1.00 ms [0.990, 1.01]", Numbers.time(new Estimate(1e-3, 0.99e-3, 1.01e-3)));
        assertEquals("5.00 µs", Numbers.time(Estimate.exact(5e-6)));
        assertEquals("[12.1, 12.6]", Numbers.timeBounds(new Estimate(0.0123, 0.0121, 0.0126)));
        assertEquals("62.5% [60.1, 65.0]", Numbers.percent(new Estimate(0.625, 0.601, 0.65)));
        assertEquals("[60.1, 65.0]", Numbers.percentBounds(new Estimate(0.625, 0.601, 0.65)));
        assertEquals("+20.0% [+10.0, +30.0]", Numbers.change(new Estimate(1.2, 1.1, 1.3)));
        assertEquals("[-5.0, +30.0]", Numbers.changeBounds(new Estimate(1.2, 0.95, 1.3)));
    }

    @Test
    void missingAndNonFiniteNumbers() {
        assertEquals("not measured", Numbers.speedup((Estimate) null));
        assertEquals("not measured", Numbers.time((Estimate) null));
        assertEquals("not measured", Numbers.percent((Estimate) null));
        assertEquals("not measured", Numbers.change((Estimate) null));
        assertEquals("n/a", Numbers.speedup(Double.NaN));
        assertEquals("inf", Numbers.speedup(Double.POSITIVE_INFINITY));
        assertEquals("-inf", Numbers.time(Double.NEGATIVE_INFINITY));
        assertEquals("n/a", Numbers.percent(Double.NaN));
        assertEquals("inf", Numbers.change(Double.POSITIVE_INFINITY));
        assertEquals("n/a", Numbers.digits(Double.NaN));
    }

    @Test
    void plainAndSignificantNumbers() {
        assertEquals("95", Numbers.plain(95.0));
        assertEquals("0.5", Numbers.plain(0.5));
        assertEquals("128", Numbers.plain(128));
        assertEquals("99.9", Numbers.plain(99.9));
        assertEquals("1.20", Numbers.digits(1.2));
        assertEquals("12300", Numbers.digits(12345));
        assertEquals("0.050", Numbers.significant(0.05, 2, true));
        assertEquals("0.05", Numbers.significant(0.05, 2, false));
        assertEquals("1.9", Numbers.fixed(1.923, 1));
        assertEquals("2.3", Numbers.fixed(2.25, 1));
        assertEquals("0.0", Numbers.fixed(-0.04, 1));
        assertEquals("96", Numbers.fixed(96.15, 0));
        assertThrows(IllegalArgumentException.class, () -> Numbers.significant(1, 0, true));
    }

    @Test
    void ignoresTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1.50 ms", Numbers.time(1.5e-3));
            assertEquals("3.52x [3.40, 3.61]", Numbers.speedup(new Estimate(3.517, 3.4, 3.61)));
            assertEquals("44.2%", Numbers.percent(0.4417));
            assertEquals("+20.0%", Numbers.change(1.2));
            assertEquals("1.9", Numbers.fixed(1.923, 1));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
