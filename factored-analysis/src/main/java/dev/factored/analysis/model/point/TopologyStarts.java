package dev.factored.analysis.model.point;

import dev.factored.analysis.model.measurement.CpuLabels;
import java.util.List;

/**
 * Where a family's points stop measuring P cores of one node, from their {@code cpuLabels}: the first point whose
 * workers share physical cores (SMT siblings) and the first that spans a second NUMA node or socket. Both inflate
 * the work for reasons of the machine, not of the program. The one rule behind the warnings and the chart's marks.
 *
 * @param smt        the first point using SMT siblings, or null
 * @param secondNode the first point spanning more than one NUMA node or socket, or null
 */
public record TopologyStarts(Point smt, Point secondNode) {

    public static TopologyStarts of(List<Point> points) {
        Point smt = null;
        Point nodes = null;
        for (Point p : points) {
            CpuLabels l = p.conditions().cpuLabels();
            if (l == null) {
                continue;
            }
            if (smt == null && Boolean.TRUE.equals(l.smt())) {
                smt = p;
            }
            if (nodes == null && (moreThanOne(l.numaNodes()) || moreThanOne(l.sockets()))) {
                nodes = p;
            }
        }
        return new TopologyStarts(smt, nodes);
    }

    private static boolean moreThanOne(Integer count) {
        return count != null && count > 1;
    }
}
