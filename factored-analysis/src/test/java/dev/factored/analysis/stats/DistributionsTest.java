package dev.factored.analysis.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

/** Tabulated values (Abramowitz and Stegun; any t table): the wrapper of the library, and the inverse it lacks. */
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
        assertEquals(1e-9, Distributions.tUpperTail(5.997807015, Double.POSITIVE_INFINITY), 1e-11);
    }

    @Test
    void trigammaInverse() {
        assertEquals(1, Distributions.trigammaInverse(Math.PI * Math.PI / 6), 1e-9); // ψ'(1) = π²/6
        assertEquals(0.5, Distributions.trigammaInverse(Math.PI * Math.PI / 2), 1e-9); // ψ'(1/2) = π²/2
        assertEquals(1000, Distributions.trigammaInverse(Gamma.trigamma(1000)), 1e-6);
    }
}
