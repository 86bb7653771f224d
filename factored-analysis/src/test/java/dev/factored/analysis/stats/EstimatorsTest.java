package dev.factored.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Known answers of the gate's estimators: Holm's adjustment and the moderated variances. */
class EstimatorsTest {

    @Test
    void holmOnKnownPValues() {
        // sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → kept monotone: 0.06
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02}, Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005}),
                1e-12);
        double[] withGap = Holm.adjust(new double[] {0.01, Double.NaN, 0.5});
        assertEquals(0.02, withGap[0], 1e-12); // two tests, not three
        assertTrue(Double.isNaN(withGap[1]));
        assertEquals(1.0, Holm.adjust(new double[] {0.9, 0.8})[0], 1e-12);
    }

    /** Many series of 2 forks (1 df each) drawn with one known variance: the pooled prior recovers it. */
    @Test
    void thePriorRecoversAKnownBetweenForkVariance() {
        Random random = new Random(7);
        double sigma = 0.05;
        List<VarianceModel.Series> series = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            double a = sigma * random.nextGaussian();
            double b = sigma * random.nextGaussian();
            series.add(new VarianceModel.Series((a - b) * (a - b) / 2, 1));
        }
        VarianceModel.Prior prior = VarianceModel.fit(series);
        assertEquals(sigma * sigma, prior.variance(), 0.15 * sigma * sigma, prior.toString());
        assertTrue(prior.df() > 5, "alike series are pooled (each has 1 df of its own): " + prior);
        assertEquals(4000, prior.series());
        assertEquals(4000, prior.totalDf(), 0);
        // a series with one fork borrows the prior wholesale
        VarianceModel.Moderated single = VarianceModel.moderate(new VarianceModel.Series(Double.NaN, 0), prior);
        assertEquals(prior.variance(), single.variance(), 1e-15);
    }

    /** Two groups with variances a factor 100 apart: the fit sees it and trusts each series more. */
    @Test
    void heterogeneousSeriesGetASmallPrior() {
        Random random = new Random(11);
        List<VarianceModel.Series> series = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            double sigma = i % 2 == 0 ? 0.01 : 0.1;
            double[] x = new double[5];
            double mean = 0;
            for (int j = 0; j < x.length; j++) {
                x[j] = sigma * random.nextGaussian();
                mean += x[j] / x.length;
            }
            double ss = 0;
            for (double v : x) {
                ss += (v - mean) * (v - mean);
            }
            series.add(new VarianceModel.Series(ss / 4, 4));
        }
        VarianceModel.Prior prior = VarianceModel.fit(series);
        assertTrue(prior.df() < 3, "heterogeneous series: small prior df, " + prior);
        VarianceModel.Moderated noisy = VarianceModel.moderate(new VarianceModel.Series(0.01, 4), prior);
        assertTrue(noisy.variance() > 0.005, "a noisy series keeps most of its own variance: " + noisy);
    }

    @Test
    void welchSatterthwaite() {
        // equal terms on equal df: the df add up
        assertEquals(20, VarianceModel.welchDf(new double[] {1, 1}, new double[] {10, 10}), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, VarianceModel.welchDf(new double[] {1, 1},
                new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}));
    }
}
