package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.Estimate;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HumanUnitsTest {

    @Test
    void choosesTheUnitPerNumberWithThreeSignificantDigits() {
        assertEquals("999 ns", HumanUnits.duration(999e-9));
        assertEquals("1.00 µs", HumanUnits.duration(1e-6));
        assertEquals("1.50 ms", HumanUnits.duration(1.5e-3));
        assertEquals("2.00 s", HumanUnits.duration(2.0));
        assertEquals("12.3 ms", HumanUnits.duration(0.01234));
        assertEquals("123 µs", HumanUnits.duration(123.4e-6));
        assertEquals("0.500 ns", HumanUnits.duration(0.5e-9));
        assertEquals("0 ns", HumanUnits.duration(0));
        assertEquals("1230 s", HumanUnits.duration(1234));
    }

    @Test
    void roundsBeforeChoosingTheUnit() {
        assertEquals("1.00 µs", HumanUnits.duration(999.7e-9)); // not "1000 ns"
        assertEquals("1.00 ms", HumanUnits.duration(999.96e-6));
        assertEquals("1.00 s", HumanUnits.duration(0.99999));
    }

    @Test
    void negativeDurationsKeepTheirSign() {
        assertEquals("-2.50 ms", HumanUnits.duration(-2.5e-3));
    }

    @Test
    void intervalsUseTheValuesUnit() {
        assertEquals("12.3 ms [12.1, 12.6]", HumanUnits.duration(new Estimate(0.0123, 0.0121, 0.0126)));
        assertEquals("1.00 ms [0.990, 1.01]", HumanUnits.duration(new Estimate(1e-3, 0.99e-3, 1.01e-3)));
        assertEquals("5.00 µs", HumanUnits.duration(Estimate.exact(5e-6)));
        assertEquals("not measured", HumanUnits.duration((Estimate) null));
    }

    @Test
    void speedupsAndPercentages() {
        assertEquals("3.52x", HumanUnits.speedup(3.517));
        assertEquals("3.52x [3.40, 3.61]", HumanUnits.speedup(new Estimate(3.517, 3.4, 3.61)));
        assertEquals("not measured", HumanUnits.speedup((Estimate) null));
        assertEquals("44.2%", HumanUnits.percent(0.4417));
        assertEquals("n/a", HumanUnits.speedup(Double.NaN));
    }

    @Test
    void plainNumbersDropTrailingZeros() {
        assertEquals("95", HumanUnits.plain(95.0));
        assertEquals("0.5", HumanUnits.plain(0.5));
        assertEquals("128", HumanUnits.plain(128));
    }

    @Test
    void ignoresTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1.50 ms", HumanUnits.duration(1.5e-3));
            assertEquals("3.52x", HumanUnits.speedup(3.517));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
