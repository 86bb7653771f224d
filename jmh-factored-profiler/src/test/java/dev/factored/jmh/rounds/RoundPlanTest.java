package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoundPlanTest {

    private static final List<String> TWENTY = new ArrayList<>();

    static {
        for (int i = 0; i < 20; i++) {
            TWENTY.add("c" + i);
        }
    }

    @Test
    void everyRoundHoldsEveryConfigurationExactlyOnce() {
        RoundPlan<String> plan = RoundPlan.shuffled(TWENTY, c -> 3, 123456);
        assertEquals(3, plan.rounds().size());
        for (List<String> round : plan.rounds()) {
            assertEquals(TWENTY.size(), round.size());
            assertEquals(new HashSet<>(TWENTY), new HashSet<>(round));
        }
        assertEquals(60, plan.runs());
        // Shuffled, and each round on its own: 20! orders, so equal orders mean the shuffle did not happen.
        assertNotEquals(TWENTY, plan.rounds().get(0));
        assertNotEquals(plan.rounds().get(0), plan.rounds().get(1));
        assertNotEquals(plan.rounds().get(1), plan.rounds().get(2));
    }

    @Test
    void theSeedRepeatsTheOrder() {
        assertEquals(RoundPlan.shuffled(TWENTY, c -> 2, 42).rounds(), RoundPlan.shuffled(TWENTY, c -> 2, 42).rounds());
        assertNotEquals(RoundPlan.shuffled(TWENTY, c -> 2, 42).rounds(), RoundPlan.shuffled(TWENTY, c -> 2, 43).rounds());
    }

    @Test
    void theOrderOfASeedIsTheSameOnEveryJdk() {
        // java.util.Random and Collections.shuffle are specified algorithms: a logged seed repeats a run's order
        // on another JDK too. These orders were computed once and must never change.
        RoundPlan<String> plan = RoundPlan.shuffled(List.of("a", "b", "c", "d", "e"), c -> 2, 7);
        assertEquals(List.of(List.of("e", "d", "a", "c", "b"), List.of("e", "c", "d", "b", "a")), plan.rounds());
        assertEquals(7, plan.seed());
    }

    @Test
    void aConfigurationWithFewerForksLeavesTheLaterRounds() {
        Map<String, Integer> forks = Map.of("a", 1, "b", 3, "c", 0, "d", 2);
        RoundPlan<String> plan = RoundPlan.shuffled(List.of("a", "b", "c", "d"), forks::get, 5);
        assertEquals(3, plan.rounds().size());
        assertEquals(Set.of("a", "b", "c", "d"), new HashSet<>(plan.rounds().get(0)), "0 forks runs once, in round 1");
        assertEquals(Set.of("b", "d"), new HashSet<>(plan.rounds().get(1)));
        assertEquals(List.of("b"), plan.rounds().get(2));
        assertEquals(7, plan.runs());
    }

    @Test
    void aForkWeighsAsManyAsTheConfigurationsItMeasures() {
        Map<String, Integer> forks = Map.of("baseline", 2, "span", 1, "1+2+4", 2);
        RoundPlan<String> plan = RoundPlan.shuffled(List.of("baseline", "span", "1+2+4"), forks::get, 5);
        assertEquals(5, plan.runs());
        assertEquals(9, plan.weight(c -> c.split("\\+").length), "2 baseline forks, 1 span fork, 2 turn forks of 3");
    }

    @Test
    void anEmptySuiteHasNoRounds() {
        RoundPlan<String> plan = RoundPlan.shuffled(List.of(), c -> 2, 1);
        assertTrue(plan.rounds().isEmpty());
        assertEquals(0, plan.runs());
    }

    @Test
    void lateConfigurationsEndTheFirstRoundOnlyInTheirShuffledOrder() {
        RoundPlan<String> plan = RoundPlan.shuffled(TWENTY, c -> 3, 123456);
        RoundPlan<String> late = plan.lateInFirstRound(c -> c.endsWith("1"));
        List<String> first = plan.rounds().get(0);
        List<String> expected = new java.util.ArrayList<>(first.stream().filter(c -> !c.endsWith("1")).toList());
        expected.addAll(first.stream().filter(c -> c.endsWith("1")).toList());
        assertEquals(expected, late.rounds().get(0));
        assertEquals(List.of("c1", "c11"), late.rounds().get(0).subList(18, 20).stream().sorted().toList());
        assertEquals(plan.rounds().subList(1, 3), late.rounds().subList(1, 3), "the later rounds are as shuffled");
        assertEquals(plan.runs(), late.runs());
    }
}
