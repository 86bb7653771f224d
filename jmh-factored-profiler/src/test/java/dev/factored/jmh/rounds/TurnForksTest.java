package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/** A further fork asked for a member of a turn is a fork of the turn, or the member's own once the turn is apart. */
class TurnForksTest {

    private static final String WORK = TurnBenchmark.class.getName() + ".work";

    private static Map<String, SuiteConfiguration> configurations() throws RunnerException {
        return SuiteConfigurationTest.configurations(new OptionsBuilder().include("^" + WORK.replace(".", "\\.") + "$")
                .param("cores", "Baseline", "elision", "1+2").build());
    }

    private static MoreForks.Request request(String cores, Integer warmup, Integer replaceFork) {
        return new MoreForks.Request(WORK, "avgt", Map.of("cores", cores, "size", "10"), false, warmup, replaceFork);
    }

    @Test
    void aMemberRunsInItsTurnAndEveryValueByItsMeaning() throws RunnerException {
        Map<String, SuiteConfiguration> c = configurations();
        TurnForks turns = new TurnForks(List.copyOf(c.values()));
        assertSame(c.get("1+2"), turns.of(request("2", null, null)));
        assertSame(c.get("1+2"), turns.of(request("01", null, null)));
        assertSame(c.get("1+2"), turns.of(request("2+1", null, null)), "the turn itself, in any order");
        assertSame(c.get("Baseline"), turns.of(request("baseline", null, null)));
        assertNull(turns.of(request("4", null, null)), "no member of the run");
        assertNull(turns.of(new MoreForks.Request(WORK, "avgt", Map.of("cores", "2", "size", "11"), false)));
        assertEquals(List.of(c.get("elision")), turns.forksOf(c.get("elision")));
    }

    @Test
    void aTurnSetApartRunsItsMembersForksAndTakesTheirRequests() throws RunnerException {
        Map<String, SuiteConfiguration> c = configurations();
        TurnForks turns = new TurnForks(List.copyOf(c.values()));
        List<SuiteConfiguration> members = turns.setApart(c.get("1+2"));
        assertEquals(List.of("1", "2"), members.stream().map(m -> m.params().get("cores")).toList());
        assertEquals(members, turns.forksOf(c.get("1+2")));
        assertSame(members.get(1), turns.of(request("2", null, null)));
        assertEquals(new RoundEvent.TurnApart(WORK, "avgt", List.of("cores=1+2", "size=10"), List.of("1", "2"), true),
                TurnForks.apartEvent(c.get("1+2"), true));
    }

    @Test
    void theElisionAndItsKinRunLastWhenAllOfATurnIsApart() throws RunnerException {
        Map<String, SuiteConfiguration> c = SuiteConfigurationTest.configurations(new OptionsBuilder()
                .include("^" + WORK.replace(".", "\\.") + "$").param("cores", "baseline+elision+1").build());
        List<SuiteConfiguration> members = new TurnForks(List.copyOf(c.values())).setApart(c.get("baseline+elision+1"));
        List<String> cores = new ArrayList<>();
        members.forEach(m -> cores.add(m.params().get("cores")));
        assertEquals(List.of("baseline", "1", "elision"), cores);
    }
}
