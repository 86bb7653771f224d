package dev.factored.analysis.diagnosis.words;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A loss has one name in every view. On a real project summary.md's table said "overhead 3.06x" where the headline
 * said "running as tasks on one worker" for the same loss (issue 35), and the chart's legend "algorithmic +
 * scheduling (no elision)" (issue 43): every view now names a part of the losses by this one name.
 */
class LossNamesTest {

    @Test
    void aPartOfTheLossesIsNamedAsTheHeadlineNamesIt() {
        assertEquals("one-worker overhead", LossNames.ofPart("overhead", false));
        assertEquals("algorithmic overhead", LossNames.ofPart("algorithmic", false));
        assertEquals("scheduling overhead", LossNames.ofPart("scheduling", false));
        assertEquals("idle time", LossNames.ofPart("idle", false));
        assertEquals("time off-CPU", LossNames.ofPart("idle", true), "estimated idle is time off-CPU");
        assertEquals("work inflation", LossNames.ofPart("inflation", false));
        assertEquals("waiting behind other processes", LossNames.ofPart("interference", false));
    }
}
