package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.analysis.CpuLabels;
import dev.factored.analysis.FamilyAnalysis;
import dev.factored.analysis.Point;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.ValueMarker;
import org.junit.jupiter.api.Test;

class TopologyMarkersTest {

    /** A copy of {@code p} with labels. */
    private static Point labelled(Point p, CpuLabels l) {
        return new Point(p.cores(), p.valid(), p.invalidBecause(), p.time(), p.idleTime(), p.workInflation(),
                p.speedups(), p.losses(), p.efficiency(), p.idleShare(), p.inflationShare(), p.factors(), p.idleSplit(),
                p.oversubscribed(), p.pinned(), p.descheduledTime(), p.disturbed(), p.disturbedBecause(), p.gcTime(),
                p.spareThreads(), l);
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
    void nothingWithoutLabels() {
        assertEquals(List.of(), TopologyMarkers.of(SampleReports.twelvePoints().points()));
    }
}
