package dev.factored.report;

/**
 * "How to read this" texts (METHOD.md §3–4). Static HTML, written here, never derived from input.
 */
final class Explanations {

    private Explanations() {
    }

    static String speedupChart(boolean log) {
        return "<strong>How to read this.</strong> Every curve is a speedup over the best sequential "
                + "program (T<sub>s</sub>); the highest is the ideal, P. Each gap between neighbouring curves is "
                + "one cause of lost speedup: "
                + swatch(Palette.ALGORITHMIC) + "linear \u2192 elision is the extra work of the parallel "
                + "algorithm itself; "
                + swatch(Palette.SCHEDULING) + "elision \u2192 maximal is the scheduling overhead (creating "
                + "and joining tasks: the grain may be too fine); "
                + swatch(Palette.IDLE) + "maximal \u2192 idle-specific is time workers spent without work "
                + "(the program lacks parallelism); "
                + swatch(Palette.INFLATION) + "maximal \u2192 inflation-specific is work inflation (the same "
                + "work running slower in parallel: memory bandwidth, cache misses, false sharing). "
                + swatch(Palette.ACTUAL) + "The actual speedup, with its confidence band, pays for both, so it lies "
                + "below them — unless work inflation is negative (the parallel run does less work, e.g. thanks "
                + "to more cache), which lifts the inflation-specific and actual curves. "
                + "A maximal curve that bends down means overhead grows with P; a flattening idle-specific curve "
                + "means too little parallelism; a flattening or falling inflation-specific curve means memory "
                + "or synchronisation limits."
                + " Hollow markers are points that are not valid (oversubscribed, another number of workers, "
                + "or not pinned): they are shown, but the diagnosis and the gate do not read them."
                + (log ? " Both axes are logarithmic (base 2): equal distances are equal factors, and the "
                        + "ideal is the straight diagonal." : "");
    }

    static String componentsChart() {
        return "<strong>How to read this.</strong> At each P the bar splits the ideal speedup P "
                + "(the black line) into the " + swatch(Palette.ACTUAL) + "actual speedup and four losses: "
                + swatch(Palette.ALGORITHMIC) + "algorithmic (A/T<sub>P</sub>), "
                + swatch(Palette.SCHEDULING) + "scheduling (S<sub>1</sub>/T<sub>P</sub>), "
                + swatch(Palette.IDLE) + "idle (I<sub>P</sub>/T<sub>P</sub>) and "
                + swatch(Palette.INFLATION) + "inflation (F<sub>P</sub>/T<sub>P</sub>). "
                + "Each height is an exact share of this run's time, an accounting of where the ideal went, not a "
                + "forecast: removing one cause of loss need not give back its whole height, because another "
                + "(a memory stall it was hiding, say) can take its place. "
                + "A part below zero is a gain, usually negative work inflation (better cache use in parallel). "
                + "A pale bar marked \u201cnot valid\u201d is a point that does not measure P workers on P CPUs "
                + "of their own (see the warnings): it is shown, but it carries no conclusion.";
    }

    static String swatch(java.awt.Color colour) {
        return "<span class=\"fct-swatch\" style=\"background:" + Palette.css(colour) + "\"></span>";
    }
}
