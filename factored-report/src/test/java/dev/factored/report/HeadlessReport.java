package dev.factored.report;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Sweep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The child JVM of {@link HeadlessFontsTest}: writes, as the Maven plugin does, a standalone report with every
 * kind of chart (speedup with bounds and models, components with the machine's part, factors, timeline, sweep) and
 * every kind of text (wrapped two-line titles, rotated axis labels, markers, untrusted names with an emoji) to the
 * directory given.
 */
final class HeadlessReport {

    private HeadlessReport() {
    }

    public static void main(String[] args) throws IOException {
        FactoredReport.writeStandalone(analysis(), Path.of(args[0]));
    }

    static Analysis analysis() {
        List<FamilyAnalysis> families = new ArrayList<>(SampleReports.all().families());
        FamilyAnalysis small = RothViewsTest.withRoth(Fixtures.family("demo.FibBenchmark.fib").param("cutoff", "10")
                .scaling(1, 2).build());
        FamilyAnalysis large = Fixtures.family("demo.FibBenchmark.fib").param("cutoff", "25").scaling(1, 2).build();
        families.add(small);
        families.add(large);
        families.add(ScalingModelsViewTest.with(Fixtures.family("demo.SpinBenchmark.spin").times(10e-3, 10e-3, 10e-3)
                .point(1, 0.0, 0.0).point(2, 1e-3, 0.0).point(4, 3e-3, 0.0).build(), ScalingModelsViewTest.fitted()));
        families.add(BusyMachineTest.busyAtTwo());
        families.add(UntrustedTextTest.family());
        Sweep sweep = new Sweep("demo.FibBenchmark.fib", "avgt", "cutoff", Map.of(), 2, List.of(
                new Sweep.Step("10", small.id().params()), new Sweep.Step("25", large.id().params())), "25",
                List.of("Best measured: cutoff = 25"));
        return new Analysis(Analysis.SCHEMA, "target/factored/jmh-result.json", null, 42, 2000, 0.95, List.of(),
                families, List.of(sweep));
    }
}
