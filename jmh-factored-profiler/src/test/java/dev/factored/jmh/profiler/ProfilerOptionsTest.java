package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.jmh.FactoredProfiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.profile.ProfilerException;

class ProfilerOptionsTest {

    @Test
    void defaultsAndValues() throws ProfilerException {
        assertEquals(new ProfilerOptions(true, false, null, true, true), ProfilerOptions.parse(""));
        assertEquals(new ProfilerOptions(true, false, null, true, true), ProfilerOptions.parse(null));
        assertEquals(new ProfilerOptions(false, true, null, true, true), ProfilerOptions.parse("pin=false;verbose=true"));
        assertEquals(new ProfilerOptions(false, true, null, true, true), ProfilerOptions.parse(" pin = FALSE ; verbose ;"));
        assertEquals(new ProfilerOptions(true, false, null, true, true), ProfilerOptions.parse("verbose=false;pin=true"));
        assertEquals(new ProfilerOptions(true, false, "target/factored/activity", false, true),
                ProfilerOptions.parse("activity = target/factored/activity;commonPool=false"));
        assertEquals(new ProfilerOptions(true, false, null, true, false), ProfilerOptions.parse("interference=false"));
        assertEquals("plain", ProfilerOptions.parse("cpuOrder=PLAIN").cpuOrder());
        assertEquals(PublishedMetrics.Choice.ANALYSIS, ProfilerOptions.parse("").metrics());
        assertEquals(PublishedMetrics.Choice.ALL, ProfilerOptions.parse("metrics=ALL").metrics());
        assertEquals(PublishedMetrics.Choice.ANALYSIS, ProfilerOptions.parse("metrics=analysis").metrics());
        assertEquals("topology", ProfilerOptions.parse("").cpuOrder());
        assertEquals("0,2,4-5,1", ProfilerOptions.parse("pin=true;cpuOrder=0,2,4-5,1").cpuOrder());
    }

    @Test
    void helpListsEveryOption() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse("help"));
        for (String option : new String[] {"pin", "cpuOrder", "verbose", "activity", "commonPool", "interference", "metrics", "help"}) {
            assertTrue(e.getMessage().contains("  " + option + " = "), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pinn=false", "pin=false;cpus=0-3", "verbose=yes", "pin=1", "activity", "activity=",
        "cpuOrder", "cpuOrder=fast", "cpuOrder=0,,1", "cpuOrder=3-1", "metrics", "metrics=some"})
    void unknownOptionsAndBadValuesShowTheHelp(String line) {
        ProfilerException e = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse(line));
        assertTrue(e.getMessage().contains("FactoredProfiler:"), e.getMessage());
        assertTrue(e.getMessage().contains("Usage: -prof dev.factored.jmh.FactoredProfiler"), e.getMessage());
    }

    @Test
    void theConstructorRejectsThemToo() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new FactoredProfiler("nope"));
        assertTrue(e.getMessage().contains("unknown option 'nope'"), e.getMessage());
    }
}
