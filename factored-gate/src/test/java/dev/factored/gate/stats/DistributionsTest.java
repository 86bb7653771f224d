package dev.factored.gate.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Tabulated values (Abramowitz and Stegun; any t table) and known answers of the estimators. */
class DistributionsTest {

    @Test
    void studentTAgainstTables() {
        assertEquals(0.75, Distributions.tCdf(1, 1), 1e-12); // Cauchy: 1/2 + atan(1)/π
        assertEquals(0.975, Distributions.tCdf(2.228138851986, 10), 1e-9);
        assertEquals(0.995, Distributions.tCdf(5.840909309733, 3), 1e-9);
        assertEquals(0.025, Distributions.tCdf(-2.228138851986, 10), 1e-9);
        assertEquals(2.228138851986, Distributions.tQuantile(0.975, 10), 1e-7);
        assertEquals(12.706204736175, Distributions.tQuantile(0.975, 1), 1e-6);
        assertEquals(1.959963984540, Distributions.tQuantile(0.975, Double.POSITIVE_INFINITY), 1e-7);
        assertEquals(0.841621233573, Distributions.tQuantile(0.8, Double.POSITIVE_INFINITY), 1e-7);
        assertEquals(0.975, Distributions.normalCdf(1.959963984540), 1e-10);
        assertEquals(1e-9, Distributions.tUpperTail(5.997807015, Double.POSITIVE_INFINITY), 1e-11);
    }

    @Test
    void specialFunctions() {
        assertEquals(Math.log(24), Distributions.logGamma(5), 1e-12);
        assertEquals(0.5 * Math.log(Math.PI), Distributions.logGamma(0.5), 1e-12);
        assertEquals(-0.5772156649015329, Distributions.digamma(1), 1e-12);
        assertEquals(Math.PI * Math.PI / 6, Distributions.trigamma(1), 1e-12);
        assertEquals(Math.PI * Math.PI / 2, Distributions.trigamma(0.5), 1e-12);
        assertEquals(1, Distributions.trigammaInverse(Math.PI * Math.PI / 6), 1e-9);
    }

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
