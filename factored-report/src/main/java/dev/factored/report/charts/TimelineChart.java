package dev.factored.report.charts;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.Timeline;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnits;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * The activity timeline (Roth's per-core activity graph): one lane per worker, time across, busy periods in
 * the colour of the actual speedup (work done) over the lane's idle colour. One typical operation, as sampled
 * by the profiler; nothing is derived here.
 */
public final class TimelineChart {

    public static final int WIDTH = 760;
    /** Height of the plot per lane, and of everything else. */
    private static final int LANE = 34;
    private static final int FRAME = 170;

    private TimelineChart() {
    }

    public static int height(Timeline timeline) {
        return FRAME + LANE * Math.min(timeline.lanes().size(), 32);
    }

    public static JFreeChart create(FamilyAnalysis family) {
        Timeline t = family.timeline();
        boolean micro = t.wallTime() < 1e-3;
        double scale = micro ? 1e6 : 1e3;
        XYIntervalSeries idle = new XYIntervalSeries("idle", false, true);
        XYIntervalSeries busy = new XYIntervalSeries("busy", false, true);
        List<List<double[]>> lanes = t.lanes();
        for (int w = 0; w < lanes.size(); w++) {
            idle.add(w, w - 0.38, w + 0.38, 0, 0, t.wallTime() * scale);
            for (double[] period : lanes.get(w)) {
                busy.add(w, w - 0.38, w + 0.38, period[0] * scale, period[0] * scale, period[1] * scale);
            }
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(idle);
        data.addSeries(busy);

        NumberAxis workers = new NumberAxis("worker");
        TickUnits whole = new TickUnits();
        whole.add(new NumberTickUnit(1, new java.text.DecimalFormat("0")));
        whole.add(new NumberTickUnit(4, new java.text.DecimalFormat("0")));
        whole.add(new NumberTickUnit(16, new java.text.DecimalFormat("0")));
        workers.setStandardTickUnits(whole);
        workers.setRange(-0.6, lanes.size() - 0.4);
        workers.setInverted(true); // worker 0 on top
        Charts.style(workers);
        NumberAxis time = Charts.numberAxis("time in the operation (" + (micro ? "\u00b5s" : "ms") + ")");
        time.setRange(0, t.wallTime() * scale);
        Charts.style(time);

        XYBarRenderer bars = new XYBarRenderer();
        bars.setUseYInterval(true);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(false);
        bars.setSeriesPaint(0, Palette.IDLE_LANE);
        bars.setSeriesPaint(1, Palette.ACTUAL);

        XYPlot plot = new XYPlot(data, workers, time, bars);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        Charts.style(plot);
        plot.setDomainGridlinesVisible(false);
        LegendItemCollection legend = new LegendItemCollection();
        Rectangle2D swatch = new Rectangle2D.Double(-7, -7, 14, 14);
        legend.add(new LegendItem("busy (running tasks)", null, null, null, swatch, Palette.ACTUAL));
        legend.add(new LegendItem("idle (no task: waiting, stealing, parked)", null, null, null, swatch,
                Palette.IDLE_LANE));
        plot.setFixedLegendItems(legend);
        return Charts.chart("Activity at P = " + t.cores() + " \u2014 " + ReportText.abbreviate(ReportText.title(family),
                110), plot);
    }
}
