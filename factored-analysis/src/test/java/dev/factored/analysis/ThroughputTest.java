package dev.factored.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Point;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A thrpt run and the avgt run that measured the same times give the same analysis. */
class ThroughputTest {

    private static final double[][] BASE = {{1.0, 1.1, 1.2}, {1.05, 1.15, 1.0}};

    private static Fixtures.Entries family(String mode, String unit, boolean invert) {
        return new Fixtures.Entries().mode(mode, unit).idleUnit("ms/op")
                .add("baseline", v(BASE, 1.0, invert), null, Map.of())
                .add("elision", v(BASE, 1.2, invert), null, Map.of())
                .add("1", v(BASE, 1.4, invert), BootstrapTest.scale(BASE, 0.01), Map.of())
                .add("2", v(BASE, 0.8, invert), BootstrapTest.scale(BASE, 0.15), Map.of())
                .add("4", v(BASE, 0.5, invert), BootstrapTest.scale(BASE, 0.4), Map.of());
    }

    /** Times in ms/op, or the same as throughput in ops/ms. */
    private static double[][] v(double[][] base, double k, boolean invert) {
        double[][] out = BootstrapTest.scale(base, k);
        if (invert) {
            for (double[] fork : out) {
                for (int i = 0; i < fork.length; i++) {
                    fork[i] = 1 / fork[i];
                }
            }
        }
        return out;
    }

    @Test
    void thrptAndAvgtGiveTheSameAnalysis() throws Exception {
        FamilyAnalysis avgt = family("avgt", "ms/op", false).family();
        FamilyAnalysis thrpt = family("thrpt", "ops/ms", true).family();
        assertEquals("thrpt", thrpt.id().mode());
        same(avgt.times().baselineTime(), thrpt.times().baselineTime());
        same(avgt.times().elisionTime(), thrpt.times().elisionTime());
        same(avgt.times().oneCoreTime(), thrpt.times().oneCoreTime());
        assertEquals(avgt.points().size(), thrpt.points().size());
        for (int i = 0; i < avgt.points().size(); i++) {
            Point a = avgt.points().get(i);
            Point t = thrpt.points().get(i);
            assertEquals(a.cores(), t.cores());
            for (var pair : List.of(
                    List.of(a.times().time(), t.times().time()), List.of(a.times().idleTime(), t.times().idleTime()),
                    List.of(a.times().workInflation(), t.times().workInflation()),
                    List.of(a.speedups().elision(), t.speedups().elision()),
                    List.of(a.speedups().maximal(), t.speedups().maximal()),
                    List.of(a.speedups().idleSpecific(), t.speedups().idleSpecific()),
                    List.of(a.speedups().inflationSpecific(), t.speedups().inflationSpecific()),
                    List.of(a.speedups().actual(), t.speedups().actual()),
                    List.of(a.losses().algorithmic(), t.losses().algorithmic()),
                    List.of(a.losses().scheduling(), t.losses().scheduling()),
                    List.of(a.losses().idle(), t.losses().idle()),
                    List.of(a.losses().inflation(), t.losses().inflation()))) {
                same(pair.get(0), pair.get(1));
            }
        }
        assertEquals(avgt.explanation().diagnosis(), thrpt.explanation().diagnosis());
    }

    private static void same(Estimate a, Estimate b) {
        if (a == null) {
            assertNull(b);
            return;
        }
        double tol = 1e-9 * Math.max(Math.abs(a.value()), 1e-3);
        assertEquals(a.value(), b.value(), tol, a + " vs " + b);
        assertEquals(a.low(), b.low(), tol, a + " vs " + b);
        assertEquals(a.high(), b.high(), tol, a + " vs " + b);
    }
}
