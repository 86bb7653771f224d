package dev.factored.run.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BudgetTest {

    @Test
    void timesAndSharesInTheFormsUsersWrite() {
        assertEquals(Duration.ofMinutes(4), Budget.of(Preset.QUICK, "4m", null).wallTime());
        assertEquals(Duration.ofSeconds(150), Budget.of(Preset.QUICK, "2.5min", null).wallTime());
        assertEquals(Duration.ofSeconds(90), Budget.of(Preset.QUICK, " 90s ", null).wallTime());
        assertEquals(Duration.ofHours(1), Budget.of(Preset.QUICK, "1h", null).wallTime());
        assertTrue(Budget.of(Preset.QUICK, "off", null).none());
        assertTrue(Budget.of(Preset.QUICK, "0", null).none());
        assertEquals(0.05, Budget.of(Preset.QUICK, null, "5%").precision(), 1e-12);
        assertEquals(0.03, Budget.of(Preset.QUICK, null, "0.03").precision(), 1e-12);
    }

    @Test
    void thePresetGivesWhatIsNotGiven() {
        Budget quick = Budget.of(Preset.QUICK, null, " ");
        assertEquals(Duration.ofSeconds(210), quick.wallTime());
        assertEquals("budget 3m30s, precision \u00b15.0%", quick.describe());
        assertEquals(quick.wallTime(), Budget.of(Preset.QUICK, "3m30s", null).wallTime(), "it reads what it writes");
        assertEquals(Duration.ofMinutes(65), Budget.of(Preset.QUICK, "1h5m", null).wallTime());
        assertEquals("budget 2h, precision \u00b12.0%", Budget.of(Preset.THOROUGH, null, null).describe());
        assertEquals(0.02, Budget.of(Preset.THOROUGH, null, null).precision(), 1e-12);
    }

    @Test
    void badValuesSayWhatIsExpected() {
        assertEquals("budget '4' has no unit: give e.g. 4m, 90s or 1h",
                assertThrows(IllegalArgumentException.class, () -> Budget.of(Preset.QUICK, "4", null)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Budget.of(Preset.QUICK, "soon", null))
                .getMessage().contains("is not a time"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Budget.of(Preset.QUICK, null, "150%"))
                .getMessage().contains("above 0 and below 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Budget.of(Preset.QUICK, null, "five"))
                .getMessage().contains("is not a share"));
    }
}
