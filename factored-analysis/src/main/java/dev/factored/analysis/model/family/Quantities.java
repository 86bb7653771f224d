package dev.factored.analysis.model.family;

import dev.factored.analysis.model.Bandwidth;
import dev.factored.analysis.model.ReferenceTimes;
import dev.factored.analysis.model.ScalingModels;
import dev.factored.analysis.model.SpeedupProjection;
import dev.factored.analysis.model.WorkSpanProfile;
import dev.factored.analysis.model.measurement.Interference;
import dev.factored.analysis.model.point.Point;
import java.util.List;
import java.util.Map;

/**
 * Every computed quantity of one family, before the diagnosis reads it: T_s, T_e, T_1 and the two sequential
 * overheads, one point per integer configuration (ascending), the work, span and bounds of the span run, the
 * bandwidth test, what the machine took from each configuration, the scaling models and the projected speedup
 * (null when there is nothing to project from). The computation ({@code Factoring}) builds it; the diagnosis' rules
 * read only this, never the computation.
 */
public record Quantities(ReferenceTimes times, List<Point> points, WorkSpanProfile profile, Bandwidth bandwidth,
        List<Interference> interference, ScalingModels scaling, SpeedupProjection projection,
        Map<Integer, List<Invalidity>> invalidity) {

    /** Why each point is not valid, by P, as data ({@link Invalidity}); a P not in it has no reasons recorded. */
    public Quantities {
        invalidity = invalidity == null ? Map.of() : Map.copyOf(invalidity);
    }

    /** Without the reasons of invalid points as data (their texts are the points'). */
    public Quantities(ReferenceTimes times, List<Point> points, WorkSpanProfile profile, Bandwidth bandwidth,
            List<Interference> interference, ScalingModels scaling, SpeedupProjection projection) {
        this(times, points, profile, bandwidth, interference, scaling, projection, Map.of());
    }

    /** Without a projection. */
    public Quantities(ReferenceTimes times, List<Point> points, WorkSpanProfile profile, Bandwidth bandwidth,
            List<Interference> interference, ScalingModels scaling) {
        this(times, points, profile, bandwidth, interference, scaling, null);
    }
}
