package dev.factored.report.charts;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Estimate;
import dev.factored.analysis.model.point.Factors;
import dev.factored.analysis.model.point.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Roth's performance factors as a stacked bar per P: the machine's time P·T_P split into Work, Distribution
 * and Delay, the Machine's part where the wait behind other processes was measured, and the one-worker overhead where
 * no elision splits it between Distribution and Delay, which add up to 100 %. A
 * negative Delay (work inflation that gained) is stacked below zero.
 */
public final class FactorsChart {

    public static final int WIDTH = 760;
    public static final int HEIGHT = 360;

    record Part(String key, String legend, Color colour, Function<Factors, Estimate> value) {
    }

    static final List<Part> PARTS = List.of(
            new Part("work", "work: the baseline's work, T_s", Palette.ACTUAL, Factors::work),
            new Part("distribution", "distribution: scheduling + idle, S_1 + I_P", Palette.IDLE, Factors::distribution),
            new Part("delay", "delay: algorithm + inflation, A + F_P", Palette.INFLATION, Factors::delay),
            new Part("machine", "machine: waiting behind other processes, D_P", Palette.MACHINE, Factors::machine),
            new Part("overhead", LossNames.ofPart("overhead", false) + " (no elision): S_1 + A = T_1 − T_s",
                    Palette.OVERHEAD, Factors::overhead),
            new Part("ownWaiting", LossNames.ofPart("ownWaiting", false) + ", O_P", Palette.OWN_WAITING,
                    Factors::ownWaiting));

    /** The parts drawn for a family: the own waiting only where some point measured it. */
    private static List<Part> drawnParts(FamilyAnalysis family) {
        boolean own = family.points().stream().anyMatch(p -> p.factors().ownWaiting() != null);
        return PARTS.stream().filter(p -> own || !p.key().equals("ownWaiting")).toList();
    }

    private FactorsChart() {
    }

    /** Whether any point has a factor to draw. */
    public static boolean any(FamilyAnalysis family) {
        return family.points().stream().anyMatch(p -> p.factors().work() != null || p.factors().distribution() != null);
    }

    public static JFreeChart create(FamilyAnalysis family) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        Set<Integer> invalid = new HashSet<>();
        double bottom = 0;
        double top = 1;
        for (int i = 0; i < family.points().size(); i++) {
            Point point = family.points().get(i);
            if (!point.valid()) {
                invalid.add(i);
            }
            double negative = 0;
            double positive = 0;
            for (Part part : drawnParts(family)) {
                Estimate e = part.value().apply(point.factors());
                data.addValue(e == null ? null : (Number) e.value(), part.key(), ComponentsChart.column(point));
                if (e != null && e.value() < 0) {
                    negative += e.value();
                } else if (e != null) {
                    positive += e.value();
                }
            }
            bottom = Math.min(bottom, negative);
            top = Math.max(top, positive);
        }
        CategoryAxis x = new CategoryAxis("cores P");
        x.setCategoryMargin(0.35);
        Charts.style(x);
        NumberAxis y = Charts.numberAxis("share of P\u00b7T_P");
        y.setNumberFormatOverride(new DecimalFormat("0%", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        y.setRange(bottom * 1.1, top * 1.05); // a gain below zero lets the positive parts rise above 100 %
        Charts.style(y);
        StackedBarRenderer bars = Charts.stackedBars(invalid, drawnParts(family).stream().map(Part::colour).toList());
        CategoryPlot plot = new CategoryPlot(data, x, y, bars);
        plot.addRangeMarker(new ValueMarker(1, Palette.LINEAR, new BasicStroke(1.5f)));
        plot.addRangeMarker(new ValueMarker(0, Palette.AXIS, new BasicStroke(1f)));
        Charts.style(plot);
        LegendItemCollection legend = new LegendItemCollection();
        Rectangle2D swatch = new Rectangle2D.Double(-7, -7, 14, 14);
        for (Part part : PARTS) {
            if (family.points().stream().noneMatch(p -> part.value().apply(p.factors()) != null)) {
                continue; // e.g. no point measured the wait behind other processes: no legend for a part not drawn
            }
            legend.add(new LegendItem(part.legend(), null, null, null, swatch, part.colour()));
        }
        plot.setFixedLegendItems(legend);
        return Charts.chart("Roth's factors \u2014 " + ReportText.abbreviate(ReportText.title(family), 120), plot);
    }
}
