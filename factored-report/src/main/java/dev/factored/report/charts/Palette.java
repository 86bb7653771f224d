package dev.factored.report.charts;

import dev.factored.report.svg.ReportFont;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;

/**
 * The one visual vocabulary of every chart and table: each quantity has exactly one colour, used for
 * its curve in the factored speedup chart, its bar segment in the components chart and its swatch in
 * the HTML. The colours are Okabe and Ito's palette, which stays distinguishable for the common forms
 * of colour blindness; the curves also differ by marker shape so that the chart survives greyscale.
 *
 * <p>A curve shares the colour of the loss that separates it from the curve above it: the elision curve
 * is what the algorithm loses, the maximal curve what scheduling loses, and so on (METHOD.md §3–4), so
 * "purple" means "algorithm" everywhere.
 */
public final class Palette {

    /** Linear (ideal) speedup P. Neutral: it is a reference, not a measurement. */
    public static final Color LINEAR = new Color(0x33, 0x33, 0x33);
    /** Actual speedup T_s/T_P (Okabe-Ito blue). */
    public static final Color ACTUAL = new Color(0x00, 0x72, 0xB2);
    /** The actual speedup's confidence band: ACTUAL, mostly transparent. */
    public static final Color ACTUAL_BAND = new Color(0x00, 0x72, 0xB2, 0x40);
    /** Algorithmic overhead; the elision curve (Okabe-Ito reddish purple). */
    public static final Color ALGORITHMIC = new Color(0xCC, 0x79, 0xA7);
    /** Scheduling overhead; the maximal curve (Okabe-Ito bluish green). */
    public static final Color SCHEDULING = new Color(0x00, 0x9E, 0x73);
    /** Idle time; the idle-specific curve (Okabe-Ito orange). */
    public static final Color IDLE = new Color(0xE6, 0x9F, 0x00);
    /** Work inflation; the inflation-specific curve (Okabe-Ito vermillion). */
    public static final Color INFLATION = new Color(0xD5, 0x5E, 0x00);
    /**
     * The algorithmic and scheduling losses together, where no elision splits them (unmodified code): a grey
     * between their two colours, so it reads as neither.
     */
    public static final Color OVERHEAD = new Color(0x99, 0x99, 0x99);
    /**
     * The interference loss: time the workers waited behind other processes, the machine's and not the program's;
     * a dark grey, apart from the program's colours.
     */
    public static final Color MACHINE = new Color(0x44, 0x44, 0x44);
    /**
     * The own-waiting loss: time the workers waited for a CPU behind the program's own threads (or the JVM's); the
     * program's, but not work: sky blue (Okabe-Ito), the one colour of the palette no other loss has, and lighter
     * than the actual speedup's blue.
     */
    public static final Color OWN_WAITING = new Color(0x56, 0xB4, 0xE9);
    /** Idle stretches of a worker's lane in the activity timeline: IDLE, half transparent. */
    public static final Color IDLE_LANE = new Color(0xE6, 0x9F, 0x00, 0x80);

    public static final Color BACKGROUND = Color.WHITE;
    public static final Color GRID = new Color(0xDD, 0xDD, 0xDD);
    public static final Color TEXT = new Color(0x22, 0x22, 0x22);
    public static final Color AXIS = new Color(0x88, 0x88, 0x88);

    // Report fonts measure themselves from the metrics the report carries: JFreeChart asks an axis's fonts for their
    // line metrics directly, which a plain Font answers by loading the platform's fonts.
    public static final Font TITLE_FONT = new ReportFont(Font.BOLD, 15);
    public static final Font LABEL_FONT = new ReportFont(Font.PLAIN, 13);
    public static final Font TICK_FONT = new ReportFont(Font.PLAIN, 12);
    public static final Font LEGEND_FONT = new ReportFont(Font.PLAIN, 12);

    public static final Stroke CURVE_STROKE = new BasicStroke(2.0f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final Stroke ACTUAL_STROKE = new BasicStroke(3.0f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final Stroke LINEAR_STROKE = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND,
            1.0f, new float[] {6f, 4f}, 0f);
    public static final Stroke GRID_STROKE = new BasicStroke(0.75f);
    /** A fitted model's curve: dotted, a prediction rather than a measurement. */
    public static final Stroke MODEL_STROKE = new BasicStroke(1.75f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND,
            1.0f, new float[] {1.5f, 4.5f}, 0f);
    /** USL's fitted curve: a purple apart from the colours of the losses. */
    public static final Color USL = new Color(0x6A, 0x3D, 0x9A);
    /** Amdahl's fitted curve. */
    public static final Color AMDAHL = new Color(0x88, 0x88, 0x88);

    private Palette() {
    }

    /** The colour, pale: what an invalid point (it carries no conclusion) is drawn in. */
    public static Color faded(Color colour) {
        return new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 0x55);
    }
}
