package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.ForkAllocation;
import dev.factored.analysis.ForkAllocation.Reason;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresValue;
import dev.factored.contract.MoreForks;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** More forks of a member of a turn are more forks of the turn, each costing as many forks as it has members. */
class TurnRequestsTest {

    private static final FamilyId SORT = new FamilyId("a.Sort.sort", Map.of("size", "10"), "avgt");
    private static final FamilyId FIB = new FamilyId("a.Fib.fib", Map.of(), "avgt");
    private static final TurnRequests TURNS = new TurnRequests(Stream.of("baseline", "elision", "span", "1+2+4")
            .map(CoresParam::parse).toList());

    private static ForkAllocation.Fork fork(FamilyId family, String cores, Reason reason, Integer replaceFork) {
        return new ForkAllocation.Fork(family, CoresValue.parse(cores), reason, 1, replaceFork);
    }

    private static MoreForks.Request request(FamilyId family, String cores, boolean replace, Integer warmup,
            Integer replaceFork) {
        Map<String, String> params = new java.util.LinkedHashMap<>(family.params());
        params.put("cores", cores);
        return new MoreForks.Request(family.benchmark(), family.mode(), params, replace, warmup, replaceFork);
    }

    @Test
    void theMembersOfATurnAskedMakeOneForkOfTheTurn() {
        List<ForkAllocation.Fork> wanted = List.of(fork(SORT, "2", Reason.PRECISION, null),
                fork(SORT, "baseline", Reason.PRECISION, null), fork(SORT, "4", Reason.UNSTEADY, 1),
                fork(FIB, "1", Reason.DISTURBED, null));
        // a learned warm-up for Sort at P = 4 only
        List<TurnRequests.Chosen> chosen = TURNS.choose(wanted, 10,
                (family, cores) -> family.equals(SORT) && cores.workers() == 4 ? 7 : null);
        assertEquals(List.of(request(SORT, "1+2+4", false, 7, 1), request(SORT, "baseline", false, null, null),
                request(FIB, "1+2+4", true, null, null)), chosen.stream().map(TurnRequests.Chosen::request).toList());
        assertEquals(List.of(wanted.get(0), wanted.get(2)), chosen.get(0).serves());
    }

    @Test
    void aTurnCostsItsMembersForksAndWhatDoesNotFitIsLeft() {
        List<ForkAllocation.Fork> wanted = List.of(fork(SORT, "baseline", Reason.PRECISION, null),
                fork(SORT, "2", Reason.PRECISION, null), fork(SORT, "span", Reason.PRECISION, null),
                fork(SORT, "1", Reason.PRECISION, null));
        // 3 forks' time: the baseline (1), not the turn (3 more), the span (1), and P = 1 joins no turn chosen
        assertEquals(List.of(request(SORT, "baseline", false, null, null), request(SORT, "span", false, null, null)),
                TURNS.choose(wanted, 3, (family, cores) -> null).stream().map(TurnRequests.Chosen::request).toList());
        assertEquals(List.of(request(SORT, "baseline", false, null, null), request(SORT, "1+2+4", false, null, null)),
                TURNS.choose(wanted, 4, (family, cores) -> null).stream().map(TurnRequests.Chosen::request).toList());
    }

    @Test
    void withoutTurnsEveryForkIsItsOwn() {
        List<ForkAllocation.Fork> wanted = List.of(fork(SORT, "2", Reason.PRECISION, null),
                fork(SORT, "1", Reason.PRECISION, null));
        assertEquals(List.of(request(SORT, "2", false, null, null)), new TurnRequests(List.of(CoresValue.workers(1), CoresValue.workers(2)))
                .choose(wanted, 1, (family, cores) -> null).stream().map(TurnRequests.Chosen::request).toList());
    }
}
