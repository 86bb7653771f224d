package dev.factored.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Tabulated values (Abramowitz and Stegun; any t table). */
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
}
