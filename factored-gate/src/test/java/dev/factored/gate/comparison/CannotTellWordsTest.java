package dev.factored.gate.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.gate.terms.Status;
import org.junit.jupiter.api.Test;

/**
 * An inconclusive comparison's words. A change whose own interval lies beyond the tolerance is held back by one of the
 * two tests (the correction over the run's checks, or the test beyond the tolerance at an alpha below the interval's
 * level), and the reason names which; otherwise it says that its interval reaches beyond the tolerance.
 */
class CannotTellWordsTest {

    /** As measured: +44.6 % [+25.4, +66.8] against a baseline of 4 quick runs, 28 checks. */
    private static Tested inconclusive(boolean lowerIsBetter, Estimate ratio) {
        return new Tested(Status.INCONCLUSIVE, Tested.Outcome.CANNOT_TELL, lowerIsBetter, ratio, 0.10, 0.05,
                new ComparisonResult.Statistics(0.0052, 0.14, 0.024, 0.447, 9, "", 28), 31, 2, true);
    }

    /** At alpha 1 %, the same change's test beyond the tolerance (p = 0.024) is what holds it back, and says so. */
    @Test
    void atALowerAlphaTheTestBeyondTheToleranceIsNamed() {
        Tested t = inconclusive(true, new Estimate(1.446, 1.254, 1.668));
        Tested strict = new Tested(t.status(), t.outcome(), true, t.ratio(), 0.10, 0.01,
                new ComparisonResult.Statistics(0.0002, 0.0056, 0.024, 0.6, 9, "", 28), 31, 2, true);
        assertEquals("change +44.6% [+25.4, +66.8]: beyond the 10% tolerance by its own interval, but not by the test "
                + "at alpha 1% (p = 0.024); this comparison detects 60.0% or more; needs about 31 forks per "
                + "configuration in every run (now 2), or a quieter machine", ComparisonWords.tested(strict));
    }

    @Test
    void aSlowdownWhoseIntervalIsBeyondTheToleranceSaysTheCorrectionHoldsItBack() {
        assertEquals("change +44.6% [+25.4, +66.8]: beyond the 10% tolerance by its own interval, but not significant "
                + "after Holm over 28 checks (p = 0.0052, = 0.14 after Holm); this comparison detects 44.7% or more; "
                + "needs about 31 forks per configuration in every run (now 2), or a quieter machine",
                ComparisonWords.tested(inconclusive(true, new Estimate(1.446, 1.254, 1.668))));
        // a lower speedup beyond the tolerance, the same
        assertEquals(true, ComparisonWords.tested(inconclusive(false, new Estimate(0.692, 0.593, 0.809)))
                .contains("beyond the 10% tolerance by its own interval"));
    }

    @Test
    void anIntervalThatReachesTheToleranceCannotTell() {
        assertEquals("change +6.1% [-5.5, +19.3]: its interval reaches beyond the 10% tolerance, so it can neither pass "
                + "nor fail (it detects 44.7% or more); needs about 31 forks per configuration in every run (now 2), or a "
                + "quieter machine",
                ComparisonWords.tested(inconclusive(true, new Estimate(1.061, 0.945, 1.193))));
        // an improvement beyond the tolerance is not a regression held back
        assertEquals(false, ComparisonWords.tested(inconclusive(true, new Estimate(0.70, 0.60, 0.85)))
                .contains("by its own interval"));
    }
}
