package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.ForkAllocation;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.contract.CoresValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A one-worker fork whose first two measured iterations of 200 ms were still slow (3.0 and 2.5 ms against a steady
 * 1.0 ms), after 2 warm-up iterations of 100 ms: its next forks warm up for 2 + 2 × 2 = 6 iterations of 100 ms. The
 * baseline's fork was flat: it keeps the run's warm-up.
 */
class LearnedWarmupTest {

    @TempDir
    Path dir;

    @Test
    void slowFirstIterationsLengthenTheNextForksWarmupByAsMuchTimeAndSayItOnce() throws Exception {
        Analysis analysis = SlowStartFixture.analysed(dir, Map.of());
        FamilyAnalysis family = analysis.families().get(0);
        assertEquals(2, family.steadiness(CoresValue.workers(1)).learnedWarmup());
        List<String> said = new ArrayList<>();
        LearnedWarmup warmups = new LearnedWarmup(said::add);
        assertEquals(6, warmups.of(analysis, family.id(), CoresValue.parse("1")));
        assertEquals(6, warmups.of(analysis, family.id(), CoresValue.parse("1")));
        assertNull(warmups.of(analysis, family.id(), CoresValue.parse("baseline")));
        assertEquals(List.of("[factored] warm-up learned: a.B.run cores=1: 6 iterations (its forks so far were still "
                + "warming up for 2 measured iterations after 2)"), said);
        assertTrue(warmups.mayRetry(family.id(), CoresValue.parse("1")));
        warmups.retried(family.id(), CoresValue.parse("1"));
        warmups.retried(family.id(), CoresValue.parse("1"));
        assertFalse(warmups.mayRetry(family.id(), CoresValue.parse("1")), "code that does not settle is measured again twice at most");
        List<ForkAllocation.Fork> next = ForkAllocation.next(analysis, 0.05, 10, warmups::mayRetry);
        assertTrue(next.stream().noneMatch(f -> f.reason() == ForkAllocation.Reason.UNSTEADY), next.toString());
        List<ForkAllocation.Fork> first = ForkAllocation.next(analysis, 0.05, 10);
        ForkAllocation.Fork again = first.stream().filter(f -> f.cores().toString().equals("1")).findFirst().orElseThrow();
        assertEquals(ForkAllocation.Reason.UNSTEADY, again.reason());
        assertEquals(0, again.replaceFork());
    }
}
