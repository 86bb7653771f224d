package dev.factored.report;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;

/** The families of the sample report in target/sample-report/, one per case the report must handle. */
final class SampleReports {

    private SampleReports() {
    }

    static final int[] TWELVE = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128};

    static FamilyAnalysis twelvePoints() {
        return Fixtures.family("dev.example.SortBench.cilkSort").param("size", "200000").param("cutoff", "200")
                .scaling(TWELVE)
                .diagnosis("Idle time is the largest loss at P = 128: the program lacks parallelism.",
                        "Work inflation grows with P: memory bandwidth may limit scaling.")
                .build();
    }

    static FamilyAnalysis onePoint() {
        return Fixtures.family("dev.example.SweepBench.sweep").param("cells", "1000000")
                .point(2, 0.5e-3, 0.2e-3)
                .diagnosis("Only one parallel configuration was measured.")
                .build();
    }

    static FamilyAnalysis oneCoreOnly() {
        return Fixtures.family("dev.example.SweepBench.single").point(1, 0.0, 0.0).build();
    }

    static FamilyAnalysis missingElisionAndIdle() {
        return Fixtures.family("dev.example.FibBench.fib").param("n", "30")
                .times(10e-3, null, 12e-3)
                .point(1, null, 0).point(2, null, 0.3e-3).point(4, 1.2e-3, 0.8e-3).point(8, null, 1.5e-3)
                .warnings("cores=elision was not measured: algorithmic and scheduling losses are missing.",
                        "factored.idle was not reported at P = 1, 2, 8: run with -prof dev.factored.jmh.FactoredProfiler.")
                .build();
    }

    static FamilyAnalysis negativeInflation() {
        return Fixtures.family("dev.example.MatrixBench.multiply").param("n", "512")
                .point(1, 0.0, 0.0).point(2, 0.2e-3, -1.0e-3).point(4, 0.6e-3, -2.5e-3).point(8, 1.5e-3, -3.0e-3, 4)
                .diagnosis("Work inflation is negative: the parallel run uses the caches better (superlinear parts).")
                .build();
    }

    static FamilyAnalysis hostile() {
        return Fixtures.family("evil.<script>alert(1)</script>")
                .param("name", "\"quoted\" & 'single' <b>bold</b>")
                .scaling(1, 2, 4)
                .diagnosis("<img src=x onerror=alert(2)> is slow.")
                .warnings("</table><script>alert(3)</script>")
                .build();
    }

    static FamilyAnalysis noPoints() {
        return Fixtures.family("dev.example.SortBench.sequentialOnly").build();
    }

    /** Measured at P = 1 and 2, with the span run's profile and bounds to P = 64 (a serial section). */
    static FamilyAnalysis withBounds() {
        return ProfileAndBoundsTest.withProfile(Fixtures.family("dev.example.SpinBench.serialSection")
                .param("serialMicros", "2000").times(10e-3, 10e-3, 10e-3).point(1, 0.0, 0.0)
                .point(2, 2e-3, 0.0).build());
    }

    static Analysis all() {
        return Fixtures.analysis(twelvePoints(), onePoint(), missingElisionAndIdle(), negativeInflation(),
                oneCoreOnly(), hostile(), noPoints(), withBounds());
    }
}
