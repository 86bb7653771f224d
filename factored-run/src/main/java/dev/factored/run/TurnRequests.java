package dev.factored.run;

import dev.factored.analysis.ForkAllocation;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.MoreForks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The further forks the analysis wants, one configuration each, as the rounds runner's requests: a member of a turn
 * (the run's {@code cores} values, {@code 1+2}) is measured in a fork of its turn, so more forks of P = 2 are more
 * forks of 1+2, one for all its members wanted (METHOD.md, "forks and pairing"). A fork of a turn of k members runs k
 * times the iterations of a fork of one configuration: it costs k units of a fork's time
 * ({@code RoundEvent.ForkStarted#members}).
 */
final class TurnRequests {

    /** The turn each member runs in; a configuration not in a turn has none. */
    private final Map<CoresValue, CoresTurn> turnOf = new HashMap<>();

    /** @param cores the {@code cores} values the run gives JMH, turns among them */
    TurnRequests(List<CoresParam> cores) {
        for (CoresParam value : cores) {
            if (value instanceof CoresTurn turn) {
                turn.members().forEach(member -> turnOf.put(member, turn));
            }
        }
    }

    /**
     * One request of the runner and the wanted forks it serves.
     *
     * @param request the fork to run, its {@code cores} the turn's where it is one
     * @param serves  the analysis' forks it gives, each a member's
     */
    record Chosen(MoreForks.Request request, List<ForkAllocation.Fork> serves) {
    }

    /**
     * The wanted forks, in their order, as requests that together take at most {@code units} units of a fork's time:
     * a member joins its turn's request when there is one, else starts one if its cost still fits.
     *
     * @param warmup the warm-up a configuration's next fork gets, null for the run's; asked only of forks chosen
     */
    List<Chosen> choose(List<ForkAllocation.Fork> wanted, int units,
            BiFunction<FamilyId, CoresValue, Integer> warmup) {
        Map<List<Object>, Integer> index = new HashMap<>();
        List<MoreForks.Request> requests = new ArrayList<>();
        List<List<ForkAllocation.Fork>> served = new ArrayList<>();
        int used = 0;
        for (ForkAllocation.Fork fork : wanted) {
            CoresTurn turn = turnOf.get(fork.cores());
            String cores = turn == null ? fork.cores().toString() : turn.toString();
            List<Object> key = List.of(fork.family(), cores);
            Integer at = index.get(key);
            int cost = turn == null ? 1 : turn.members().size();
            if (at == null && used + cost > units) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>(fork.params());
            params.put(CoresValue.PARAM, cores);
            MoreForks.Request request = new MoreForks.Request(fork.family().benchmark(), fork.family().mode(), params,
                    fork.reason() == ForkAllocation.Reason.DISTURBED, warmup.apply(fork.family(), fork.cores()),
                    fork.replaceFork());
            if (at == null) {
                index.put(key, requests.size());
                requests.add(request);
                served.add(new ArrayList<>(List.of(fork)));
                used += cost;
            } else {
                requests.set(at, requests.get(at).and(request));
                served.get(at).add(fork);
            }
        }
        List<Chosen> chosen = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            chosen.add(new Chosen(requests.get(i), List.copyOf(served.get(i))));
        }
        return chosen;
    }
}
