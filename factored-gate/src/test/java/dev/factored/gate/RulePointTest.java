package dev.factored.gate;

import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.invalid;
import static dev.factored.gate.Fixtures.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.Point;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.rules.RuleResult;
import dev.factored.gate.terms.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rule is judged at its own P or not at all (issue 33): with a CPU-bound neighbour on one CPU of a 2-CPU machine,
 * P = 2 is rightly not a valid point, and the example's {@code actual-speedup >= 1.3} (written for P = 2) was judged
 * at P = 1 instead and failed a build whose program had not regressed.
 */
class RulePointTest {

    /** The analysis' own reason for a P whose CPUs another process took (Validity's words). */
    static final String BUSY = "busy: P = 2 could not be measured on this machine now: other processes took 52.0% of "
            + "the 2 CPUs of P = 2, among them python3 (pid 4242, 51.0%)";

    /** P = 1 valid at 0.969x (below 1.3, above 0.5), P = 2 as given. */
    static FamilyAnalysis spin(Point two) {
        return family("bench.Spin.loop").baseline(est(1.0, 0.99, 1.01))
                .point(point(1, est(1.032, 1.02, 1.04), null, est(0.969, 0.96, 0.98), null))
                .point(two)
                .build();
    }

    static Point busyTwo() {
        return invalid(point(2, est(1.07, 1.0, 1.1), null, est(0.93, 0.9, 0.96), null), BUSY);
    }

    static Point quietTwo(double speedup) {
        return point(2, est(1 / speedup, 0.95 / speedup, 1.05 / speedup), null,
                est(speedup, 0.97 * speedup, 1.03 * speedup), null);
    }

    static Verdict check(FamilyAnalysis family, String cores, String minimum, boolean failOnInconclusive) {
        Rule rule = Rule.of("Spin", null, cores, "actual-speedup", minimum, null, null);
        return Gate.checkRuns(analysis(family), List.of(), GateConfig.of(List.of(rule)).withFailOnInconclusive(
                failOnInconclusive));
    }

    @ParameterizedTest(name = "cores={0}")
    @ValueSource(strings = {"2", "max"})
    void anInvalidPIsInconclusiveWithItsReasonNeverJudgedAtP1(String cores) {
        // 1.3 would fail at P = 1 (0.969x), 0.5 would pass there: neither is decided from P = 1
        for (String minimum : List.of("1.3", "0.5")) {
            Verdict v = check(spin(busyTwo()), cores, minimum, false);
            RuleResult r = v.rules().get(0);
            assertEquals(Status.INCONCLUSIVE, r.status(), r.reason());
            assertEquals("2", Fixtures.cores(r.subject()), "reported at the rule's own P");
            assertNull(r.measured(), "nothing judged, so no value shown as if it were");
            assertTrue(r.reason().contains(BUSY), r.reason());
            assertFalse(r.reason().contains("0.969"), "P = 1's speedup is no answer: " + r.reason());
            assertTrue(v.passed(), "the program did not regress: " + v.failures());
        }
    }

    @Test
    void theReasonSaysWhichPMaxMeantAndThatNoneStandsIn() {
        RuleResult max = check(spin(busyTwo()), "max", "1.3", false).rules().get(0);
        assertEquals("not judged: cores=max (P = 2, the largest measured) is not a valid point (" + BUSY
                + "); a smaller valid P is not judged in its place", max.reason());
        RuleResult two = check(spin(busyTwo()), "2", "1.3", false).rules().get(0);
        assertEquals("not judged: cores=2 is not a valid point (" + BUSY + ")", two.reason());
    }

    @Test
    void failOnInconclusiveFailsTheBuildOnAnUnjudgedP() {
        Verdict v = check(spin(busyTwo()), "max", "1.3", true);
        assertFalse(v.passed());
        assertEquals(0, v.count(Status.FAIL));
        assertTrue(v.failures().get(0).contains(BUSY), v.failures().toString());
    }

    @Test
    void maxIsTheLargestPMeasuredEvenWhenOversubscribed() {
        // the run measured P = 4 on 2 CPUs: cores=max means 4 here, and P = 2 answers only a rule written for it
        Point four = invalid(point(4, est(0.5, 0.49, 0.51), null, est(2.0, 1.9, 2.1), null),
                "oversubscribed: 4 workers shared 2 CPUs");
        FamilyAnalysis f = family("bench.Spin.loop").baseline(est(1.0, 0.99, 1.01))
                .point(point(1, est(1.0, 0.99, 1.01), null, est(1.0, 0.98, 1.02), null))
                .point(quietTwo(1.8)).point(four).build();
        RuleResult max = check(f, "max", "1.3", false).rules().get(0);
        assertEquals(Status.INCONCLUSIVE, max.status(), max.reason());
        assertEquals("4", Fixtures.cores(max.subject()));
        assertTrue(max.reason().contains("oversubscribed: 4 workers shared 2 CPUs"), max.reason());
        RuleResult two = check(f, "2", "1.3", false).rules().get(0);
        assertEquals(Status.PASS, two.status(), two.reason());
        assertEquals("2", Fixtures.cores(two.subject()));
    }

    @ParameterizedTest(name = "cores={0}")
    @ValueSource(strings = {"2", "max"})
    void aValidPIsJudgedAsBefore(String cores) {
        RuleResult pass = check(spin(quietTwo(1.7)), cores, "1.3", false).rules().get(0);
        assertEquals(Status.PASS, pass.status(), pass.reason());
        assertEquals("2", Fixtures.cores(pass.subject()));
        assertEquals(1.7, pass.measured().value(), 1e-12);
        RuleResult fail = check(spin(quietTwo(1.1)), cores, "1.3", false).rules().get(0);
        assertEquals(Status.FAIL, fail.status(), fail.reason());
        assertEquals("2", Fixtures.cores(fail.subject()));
        assertEquals("the whole interval [1.07, 1.13] is below the minimum 1.3", fail.reason());
    }

    @Test
    void aPTheRunDidNotMeasureStillFailsNamingWhatWasMeasured() {
        // a typo in cores must not pass silently, and P = 1 does not stand in for it either
        RuleResult r = check(spin(quietTwo(1.7)), "8", "1.3", false).rules().get(0);
        assertEquals(Status.FAIL, r.status());
        assertEquals("cores=8 was not measured (measured: 1, 2)", r.reason());
    }
}
