package dev.factored.jmh.rounds;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.machine.ForkCores;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The configurations in turn of a suite in rounds ({@link CoresTurn}, one fork measures its members together) and
 * what is keyed by a member: a further fork asked for a member runs as a fork of its turn, and a turn whose fork
 * failed (unmodified parallel code refuses a turn, or a member failed) has its members measured in forks of their own
 * from then on.
 */
final class TurnForks {

    private final List<SuiteConfiguration> configurations;
    /** The turns measured apart, each with its members' configurations in the order to run them. */
    private final Map<SuiteConfiguration, List<SuiteConfiguration>> apart = new HashMap<>();

    TurnForks(List<SuiteConfiguration> configurations) {
        this.configurations = List.copyOf(configurations);
    }

    /**
     * What one fork of the configuration measured, or nothing when it is a turn's fork that stopped before its last
     * measured iteration: a member that fails (code that throws on two workers, unmodified code that cannot run in
     * turn) ends the fork for every member, and an old JMH (1.21) still returns the iterations before the failure,
     * which would leave the turn's other members unpaired. Nothing makes the turn fail as JMH's empty result does.
     */
    static java.util.Collection<org.openjdk.jmh.results.RunResult> wholeTurn(SuiteConfiguration configuration,
            java.util.Collection<org.openjdk.jmh.results.RunResult> run) {
        if (configuration.members() < 2) {
            return run;
        }
        for (org.openjdk.jmh.results.RunResult result : run) {
            for (org.openjdk.jmh.results.BenchmarkResult fork : result.getBenchmarkResults()) {
                if (fork.getIterationResults().size() < fork.getParams().getMeasurement().getCount()) {
                    return List.of();
                }
            }
        }
        return run;
    }

    /** What stands for one fork of the configuration: itself, or its members' forks once its turn is set apart. */
    List<SuiteConfiguration> forksOf(SuiteConfiguration c) {
        return apart.getOrDefault(c, List.of(c));
    }

    /**
     * Measures the turn's members apart from now on and returns their configurations, the elision and its kin last
     * ({@link SparedForks#late}): the parallel forks before them may show that the analysis would drop them.
     */
    List<SuiteConfiguration> setApart(SuiteConfiguration turn) {
        List<SuiteConfiguration> members = new ArrayList<>();
        for (CoresValue member : turn.turn().members()) {
            members.add(turn.alone(member));
        }
        members.sort(Comparator.comparing(SparedForks::late));
        apart.put(turn, List.copyOf(members));
        return members;
    }

    /** The event that says a turn is measured apart, because its code is unmodified or a member failed. */
    static RoundEvent.TurnApart apartEvent(SuiteConfiguration turn, boolean unmodified) {
        List<String> params = new ArrayList<>();
        for (String name : turn.params().keys()) {
            params.add(name + "=" + turn.params().get(name));
        }
        return new RoundEvent.TurnApart(turn.benchmark(), turn.mode().shortLabel(), params,
                turn.turn().members().stream().map(CoresValue::toString).toList(), unmodified);
    }

    /**
     * The configuration a further fork asked for runs as, or null when it is none of the run: the one the request
     * names (same benchmark, mode and params, the {@code cores} value by its meaning: the analysis asks in the canonical
     * spelling, the benchmark may write {@code Baseline}); for a member of a turn, the turn, or the member's own
     * configuration once the turn is measured apart.
     */
    SuiteConfiguration of(MoreForks.Request request) {
        // the request's text enters the runner here; a value compares by meaning, text that is none as written
        ForkCores asked = ForkCores.of(request.params().get(CoresValue.PARAM));
        CoresValue member = asked.configuration();
        for (SuiteConfiguration c : configurations) {
            if (!sameButCores(c, request)) {
                continue;
            }
            ForkCores mine = c.cores();
            if (mine.value() != null ? mine.value().equals(asked.value()) : Objects.equals(mine.text(), asked.text())) {
                return c;
            }
            CoresTurn turn = c.turn();
            if (turn != null && member != null && turn.members().contains(member)) {
                return apart.containsKey(c) ? apart.get(c).stream()
                        .filter(m -> member.equals(m.cores().configuration())).findFirst().orElseThrow() : c;
            }
        }
        return null;
    }

    /** Same benchmark, mode and params but {@code cores}, whose presence alone must match. */
    private static boolean sameButCores(SuiteConfiguration c, MoreForks.Request request) {
        if (!c.benchmark().equals(request.benchmark()) || !c.mode().shortLabel().equals(request.mode())
                || c.params().keys().size() != request.params().size()) {
            return false;
        }
        for (String name : c.params().keys()) {
            String asked = request.params().get(name);
            if (asked == null || !name.equals(CoresValue.PARAM) && !asked.equals(c.params().get(name))) {
                return false;
            }
        }
        return true;
    }
}
