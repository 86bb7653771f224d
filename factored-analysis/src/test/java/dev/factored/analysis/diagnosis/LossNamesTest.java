package dev.factored.analysis.diagnosis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A loss has one name in every view. On a real project summary.md's table said "overhead 3.06x" where the headline
 * said "running as tasks on one worker" for the same loss (issue 35): the table now names a part of the losses as the
 * headline does.
 */
class LossNamesTest {

    @Test
    void aPartOfTheLossesIsNamedAsTheHeadlineNamesIt() {
        assertEquals("running as tasks on one worker", LossNames.ofPart("overhead", false));
        assertEquals("the parallel algorithm's extra work", LossNames.ofPart("algorithmic", false));
        assertEquals("creating and scheduling tasks", LossNames.ofPart("scheduling", false));
        assertEquals("idle time", LossNames.ofPart("idle", false));
        assertEquals("time off-CPU", LossNames.ofPart("idle", true), "estimated idle is time off-CPU");
        assertEquals("work inflation", LossNames.ofPart("inflation", false));
        assertEquals("interference", LossNames.ofPart("interference", false), "the machine's part: no headline names it");
    }
}
