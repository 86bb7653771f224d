package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BandwidthHeapTest {

    private static final long MIB = 1 << 20;
    private static final long GIB = 1L << 30;

    /** The 16-core machine's case: 256 MB of state under the benchmark's -Xmx1g, 16 copies, 128 GB of memory. */
    @Test
    void sixteenCopiesOfTheSweepGetAHeapForSixteen() {
        BandwidthHeap.Plan plan = BandwidthHeap.plan("sweep cores=bandwidth-16", 16, 256 * MIB, GIB, 128 * GIB);
        assertEquals(16, plan.copies());
        // 1 GiB + 15 × 256 MiB × 1.25 = 5824 MiB
        assertEquals(5824 * MIB, plan.maxHeapBytes());
        assertTrue(plan.note().contains("16 copies of 256 MiB") && plan.note().contains("-Xmx5824m"), plan.note());
    }

    @Test
    void whereTheMachineCannotHoldThemAsManyCopiesAsFitRun() {
        // half of 4 GiB for the fork: (2048 − 1024) / 320 = 3.2, so 1 + 3 copies
        BandwidthHeap.Plan plan = BandwidthHeap.plan("sweep cores=bandwidth-16", 16, 256 * MIB, GIB, 4 * GIB);
        assertEquals(4, plan.copies());
        assertEquals(2 * GIB, plan.maxHeapBytes());
        assertTrue(plan.note().contains("runs 4 copies on 4 of its CPUs"), plan.note());
    }

    @Test
    void aHeapThatHoldsTheCopiesAlreadyIsLeftAlone() {
        BandwidthHeap.Plan plan = BandwidthHeap.plan("sum cores=bandwidth-2", 2, 4 * MIB, GIB, 24 * GIB);
        assertEquals(2, plan.copies());
        assertEquals(0, plan.maxHeapBytes(), "1 GiB already holds 2 copies of 4 MiB");
        assertNull(plan.note());
    }

    @Test
    void unknownMemoryStillGetsTheHeapItNeeds() {
        BandwidthHeap.Plan plan = BandwidthHeap.plan("x cores=bandwidth-2", 2, 64 * MIB, 96 * MIB, 0);
        assertEquals(2, plan.copies());
        assertEquals(176 * MIB, plan.maxHeapBytes());
    }

    @Test
    void theForkRunsTheCopiesTheHostAllowed() {
        System.clearProperty(BandwidthHeap.COPIES_PROPERTY);
        assertEquals(8, BandwidthHeap.copies(8));
        System.setProperty(BandwidthHeap.COPIES_PROPERTY, "3");
        try {
            assertEquals(3, BandwidthHeap.copies(8));
            assertEquals(2, BandwidthHeap.copies(2), "never more than P");
        } finally {
            System.clearProperty(BandwidthHeap.COPIES_PROPERTY);
        }
    }
}
