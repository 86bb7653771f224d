package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.CpuLabels;
import dev.factored.analysis.model.measurement.MachineTopology;
import dev.factored.analysis.model.point.Point;
import dev.factored.analysis.model.point.PointConditions;
import dev.factored.report.charts.TopologyMarkers;
import dev.factored.report.html.EnvironmentSection;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.ValueMarker;
import org.junit.jupiter.api.Test;

class TopologyMarkersTest {

    /** A copy of {@code p} with labels. */
    private static Point labelled(Point p, CpuLabels l) {
        return new Point(p.cores(), p.valid(), p.invalidBecause(), p.disturbance(), p.times(), p.speedups(), p.losses(),
                p.shares(), p.factors(), p.idleSplit(),
                new PointConditions(p.conditions().oversubscribed(), p.conditions().pinned(), p.conditions().gcTime(),
                p.conditions().spareThreads(), l));
    }

    @Test
    void marksWhereSmtAndTheSecondNodeStart() {
        FamilyAnalysis family = SampleReports.twelvePoints();
        List<Point> points = new ArrayList<>();
        for (Point p : family.points()) {
            int cores = Math.min(p.cores(), 64);
            int nodes = p.cores() > 32 ? 2 : 1;
            points.add(labelled(p, new CpuLabels(cores, p.cores() > 64, nodes, nodes, null, null, null)));
        }
        List<ValueMarker> marks = TopologyMarkers.of(points);
        List<String> labels = marks.stream().map(ValueMarker::getLabel).toList();
        int firstTwoNodes = points.stream().filter(p -> p.cores() > 32).findFirst().orElseThrow().cores();
        int firstSmt = points.stream().filter(p -> p.cores() > 64).findFirst().orElseThrow().cores();
        assertEquals(List.of("2nd node from P = " + firstTwoNodes, "SMT from P = " + firstSmt), labels);
        assertEquals(firstSmt, marks.get(1).getValue());
    }

    @Test
    void environmentSaysWhatTheMachineAndEachConfigurationsCpusAre() {
        assertEquals("64 hardware threads on 32 physical cores, 2 sockets, 2 NUMA nodes; 64 allowed (32 cores)",
                EnvironmentSection.machine(new MachineTopology(64, 32, 2, 2, 64, 32, null)));
        assertEquals("8 hardware threads on 8 physical cores, 1 socket, 1 NUMA node; 8 allowed (8 cores); CPU quota 4",
                EnvironmentSection.machine(new MachineTopology(8, 8, 1, 1, 8, 8, 4.0)));
        assertEquals(" (32 cores, SMT, 2 nodes, 2 sockets)",
                EnvironmentSection.labels(new CpuLabels(32, true, 2, 2, null, null, null)));
        assertEquals(" (2 cores)", EnvironmentSection.labels(new CpuLabels(2, false, 1, 1, null, null, null)));
        assertEquals("", EnvironmentSection.labels(null));
    }

    @Test
    void nothingWithoutLabels() {
        assertEquals(List.of(), TopologyMarkers.of(SampleReports.twelvePoints().points()));
    }
}
