package dev.factored.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointsTest {

    private static final double THREE_PERCENT = Math.log(1.03);

    @Test
    void aLevelThatChangesOnceIsSplitWhereItChanges() {
        double[] y = logs(7.3, 7.1, 4.02, 4.01, 4.03, 4.0, 4.02);
        assertEquals(List.of(2), ChangePoints.of(y, THREE_PERCENT, 0.01));
    }

    @Test
    void aSlowFirstIterationOfThreeIsItsOwnLevelWhenTheOtherTwoAgree() {
        assertEquals(List.of(1), ChangePoints.of(logs(9.38, 2.31, 2.33), THREE_PERCENT, 0.01));
    }

    @Test
    void twoChangesAreBothFound() {
        double[] y = logs(6, 6.1, 6.05, 4, 4.02, 4.01, 5, 5.02, 5.01, 4.99);
        assertEquals(List.of(3, 6), ChangePoints.of(y, THREE_PERCENT, 0.01));
    }

    @Test
    void aChangeBelowTheLeastShiftIsNone() {
        // 2 % down, exactly and without noise: real, and too small to count
        assertEquals(List.of(), ChangePoints.of(logs(4.08, 4.08, 4.08, 4, 4, 4), THREE_PERCENT, 0.01));
    }

    @Test
    void noiseOfOneLevelIsRarelySplit() {
        Random random = new Random(7);
        int split = 0;
        int series = 4000;
        for (int s = 0; s < series; s++) {
            double[] y = new double[3 + random.nextInt(18)];
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.log(4) + 0.05 * random.nextGaussian(); // 5 % noise: above the least shift
            }
            split += ChangePoints.of(y, THREE_PERCENT, 0.01).isEmpty() ? 0 : 1;
        }
        // one test at 1 %, and the splits of its parts only after a first false one
        assertTrue(split < 0.02 * series, split + " of " + series + " one-level series split");
    }

    private static double[] logs(double... times) {
        double[] y = new double[times.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.log(times[i]);
        }
        return y;
    }
}
