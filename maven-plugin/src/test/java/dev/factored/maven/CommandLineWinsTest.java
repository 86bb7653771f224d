package dev.factored.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.run.RunSettings;
import dev.factored.run.settings.Defaults;
import dev.factored.run.settings.ShareForks;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A -Dfactored.x on the command line wins over the POM's value, and the run says where each value came from. */
class CommandLineWinsTest {

    @Test
    void theCommandLineWinsOverThePomAndEachSourceIsNamed() {
        CommandLineWins r = new CommandLineWins(Map.of("factored.cores", "1,2", "factored.forks", "3",
                "factored.params", "threshold=1,100;size=10", "factored.includes", "Merge,Fib"));
        assertEquals("1,2", r.string("cores", "baseline,1,2,4", null));
        assertEquals("quick", r.string("preset", "quick", "default"));
        assertEquals("default", r.string("order", "default", "default"));
        assertEquals(3, r.integer("forks", 1));
        assertEquals("threshold=1,100;size=10", r.string("params", null, null));
        assertEquals(List.of("Merge", "Fib"), r.list("includes", List.of("Sort")));
        assertNull(r.string("measurementTime", null, null));
        assertEquals("cores=1,2 (command line, over the POM's baseline,1,2,4), preset=quick (POM), order=default "
                + "(default), forks=3 (command line, over the POM's 1), params=threshold=1,100;size=10 (command line), "
                + "includes=Merge,Fib (command line, over the POM's Sort)", r.summary());
    }

    @Test
    void aBadNumberNamesTheProperty() {
        CommandLineWins r = new CommandLineWins(Map.of("factored.forks", "two"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.integer("forks", null));
        assertEquals("factored.forks=two is not a whole number", e.getMessage());
    }

    @Test
    void shareForksFromTheCommandLineIsCheckedAndNamedAsMavenSpellsIt() {
        CommandLineWins r = new CommandLineWins(Map.of("factored.shareForks", "some"));
        String given = r.string("shareForks", Defaults.SHARE_FORKS, Defaults.SHARE_FORKS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunSettings.builder().cores("1,2")
                .shareForks(given).build(MavenSpelling.INSTANCE));
        assertTrue(e.getMessage().startsWith("unknown shareForks 'some': use parallel")
                && e.getMessage().endsWith("(<shareForks> or -Dfactored.shareForks)"), e.getMessage());
        RunSettings none = RunSettings.builder().cores("1,2").shareForks(new CommandLineWins(Map.of())
                .string("shareForks", "none", Defaults.SHARE_FORKS)).build(MavenSpelling.INSTANCE);
        assertEquals(ShareForks.NONE, none.shareForks());
        assertEquals("1,2", dev.factored.contract.CoresParam.spelling(none.jmh().cores()));
    }

    @Test
    void withoutPropertiesThePomValuesStand() {
        CommandLineWins r = new CommandLineWins(Map.of());
        assertEquals(2, r.integer("forks", 2));
        assertEquals(List.of("A"), r.list("includes", List.of("A")));
        assertTrue(r.summary().startsWith("forks=2 (POM)"), r.summary());
    }
}
