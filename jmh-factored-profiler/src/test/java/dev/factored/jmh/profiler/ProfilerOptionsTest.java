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

    /** The options with these five as given and the CPU order and metrics at their defaults. */
    private static ProfilerOptions options(boolean pin, boolean verbose, String activity, boolean commonPool,
            boolean interference) {
        return new ProfilerOptions(pin, verbose, activity, commonPool, interference, ProfilerOptions.DEFAULT.cpuOrder(),
                ProfilerOptions.DEFAULT.metrics(), true);
    }

    @Test
    void defaultsAndValues() throws ProfilerException {
        assertEquals(ProfilerOptions.DEFAULT, ProfilerOptions.parse(""));
        assertEquals(ProfilerOptions.DEFAULT, ProfilerOptions.parse(null));
        assertEquals(options(true, false, null, true, true), ProfilerOptions.DEFAULT);
        assertEquals(options(false, true, null, true, true), ProfilerOptions.parse("pin=false;verbose=true"));
        assertEquals(options(false, true, null, true, true), ProfilerOptions.parse(" pin = FALSE ; verbose ;"));
        assertEquals(options(true, false, null, true, true), ProfilerOptions.parse("verbose=false;pin=true"));
        assertEquals(options(true, false, "target/factored/activity", false, true),
                ProfilerOptions.parse("activity = target/factored/activity;commonPool=false"));
        assertEquals(options(true, false, null, true, false), ProfilerOptions.parse("interference=false"));
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
    void theHelpIsMadeFromTheDeclarations() {
        String help = ProfilerOptions.help();
        assertTrue(help.contains("  pin = true|false (default true): run each fork under"), help);
        assertTrue(help.contains("  cpuOrder = topology|plain|<CPU list> (default topology): "), help);
        assertTrue(help.contains("  metrics = analysis|all (default analysis): "), help);
        assertTrue(help.contains("  activity = <directory>: record each worker's busy periods"), help);
        assertTrue(help.indexOf("  pin = ") < help.indexOf("  cpuOrder = ")
                && help.indexOf("  interference = ") < help.indexOf("  metrics = ")
                && help.indexOf("  metrics = ") < help.indexOf("  help = "), "in the order declared: " + help);
    }

    @Test
    void theLastOfAnOptionGivenTwiceCountsAndNamesAreWhole() throws ProfilerException {
        assertEquals(options(false, false, null, true, true), ProfilerOptions.parse("pin=true;pin=false"));
        ProfilerException abbreviated = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse("pi=false"));
        assertTrue(abbreviated.getMessage().startsWith("FactoredProfiler: unknown option 'pi' in 'pi=false'."),
                abbreviated.getMessage());
    }

    @Test
    void errorsSayWhatTheValueMustBe() {
        assertEquals("FactoredProfiler: option verbose = 'yes' is not true or false.", firstLine("verbose=yes"));
        assertEquals("FactoredProfiler: option pin needs true or false.", firstLine("pin="));
        assertEquals("FactoredProfiler: option activity needs a directory, e.g. activity=target/factored/activity.",
                firstLine("activity"));
        assertEquals("FactoredProfiler: option metrics = 'some' is not analysis or all.", firstLine("metrics=some"));
        assertTrue(firstLine("cpuOrder=fast").startsWith("FactoredProfiler: option cpuOrder = 'fast' is not "
                + "topology, plain or a CPU list: "), firstLine("cpuOrder=fast"));
    }

    private static String firstLine(String initLine) {
        ProfilerException e = assertThrows(ProfilerException.class, () -> ProfilerOptions.parse(initLine));
        return e.getMessage().lines().findFirst().orElseThrow();
    }

    @Test
    void theConstructorRejectsThemToo() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new FactoredProfiler("nope"));
        assertTrue(e.getMessage().contains("unknown option 'nope'"), e.getMessage());
    }
}
