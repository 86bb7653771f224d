package dev.factored.report.html;

import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.report.charts.Palette;
import dev.factored.report.svg.CssColour;

/**
 * "How to read this" texts (METHOD.md §3–4): markup written here; the only input they show (a sweep's param, the
 * names of the losses) is written as text.
 */
final class Explanations {

    private Explanations() {
    }

    static Html speedupChart(boolean log) {
        return new Html()
                .trusted("<strong>How to read this.</strong> Every curve is a speedup over the best sequential "
                        + "program (T<sub>s</sub>); the highest is the ideal, P. Each gap between neighbouring curves is "
                        + "one cause of lost speedup: ")
                .append(swatch(Palette.ALGORITHMIC))
                .trusted("linear \u2192 elision is the extra work of the parallel " + "algorithm itself; ")
                .append(swatch(Palette.SCHEDULING))
                .trusted("elision \u2192 maximal is the scheduling overhead (creating "
                        + "and joining tasks: the grain may be too fine); ")
                .append(swatch(Palette.IDLE))
                .trusted("maximal \u2192 idle-specific is time workers spent without work "
                        + "(the program lacks parallelism); ")
                .append(swatch(Palette.INFLATION))
                .trusted("maximal \u2192 inflation-specific is work inflation (the same "
                        + "work running slower in parallel: memory bandwidth, cache misses, false sharing). ")
                .append(swatch(Palette.ACTUAL))
                .trusted("The actual speedup, with its confidence band, pays for both, so it lies "
                        + "below them — unless work inflation is negative (the parallel run does less work, e.g. thanks "
                        + "to more cache), which lifts the inflation-specific and actual curves. "
                        + "A maximal curve that bends down means overhead grows with P; a flattening idle-specific curve "
                        + "means too little parallelism; a flattening or falling inflation-specific curve means memory "
                        + "or synchronisation limits."
                        + " Hollow markers are points that are not valid (oversubscribed, another number of workers, "
                        + "or not pinned): they are shown, but the diagnosis and the gate do not read them.")
                .trusted(log ? " Both axes are logarithmic (base 2): equal distances are equal factors, and the "
                        + "ideal is the straight diagonal." : "");
    }

    /**
     * {@code combined}: no elision, so the one-worker overhead is one part; {@code machine}: the profiler measured how
     * long the workers waited behind other processes; {@code estimated}: idle time estimated from CPU time, named as
     * the family's table and legend name it.
     */
    static Html componentsChart(boolean combined, boolean machine, boolean estimated) {
        return componentsChart(combined, machine, false, estimated);
    }

    /** As above; {@code own}: the profiler measured the workers' wait of every cause, so their own waiting is a part. */
    static Html componentsChart(boolean combined, boolean machine, boolean own, boolean estimated) {
        Html text = componentsChart(estimated);
        if (machine) {
            text.trusted(" Measured on Linux, ").append(swatch(Palette.MACHINE)).trusted("the time the workers "
                    + "waited to run behind other processes while they held work (D<sub>P</sub>/T<sub>P</sub>) is the "
                    + "machine's, not the program's: it is taken out of inflation and drawn as its own part. A column "
                    + "marked “busy machine” rests on a configuration during which other processes took more than "
                    + "the threshold of its CPUs: read it as the machine's as much as the program's.");
        }
        if (own) {
            text.trusted(" The rest of that wait, behind the program's own threads (more runnable threads than CPUs, "
                    + "e.g. a parallel stream's caller beside its P workers) or the JVM's on the same CPUs, is the ")
                    .append(swatch(Palette.OWN_WAITING)).text(LossNames.ofPart("ownWaiting", false))
                    .trusted(" (O<sub>P</sub>/T<sub>P</sub>): the program's, not other processes', and not work; it "
                    + "too is taken out of " + (estimated ? "the time off-CPU" : "inflation") + ".");
        }
        if (combined) {
            text.trusted(" Without an elision (unmodified fork/join code) the algorithmic and "
                    + "scheduling overheads cannot be told apart: their sum, the ").append(swatch(Palette.OVERHEAD))
                    .text(LossNames.ofPart("overhead", false)).trusted(" (T<sub>1</sub> \u2212 T<sub>s</sub>)/T<sub>P</sub>, "
                    + "is drawn as one grey part, so the bar still adds up to P.");
        }
        return text;
    }

    static Html componentsChart(boolean estimated) {
        return new Html()
                .trusted("<strong>How to read this.</strong> At each P the bar splits the ideal speedup P "
                        + "(the black line) into the ")
                .append(swatch(Palette.ACTUAL))
                .trusted("actual speedup and four losses: ")
                .append(swatch(Palette.ALGORITHMIC))
                .text(LossNames.ofPart("algorithmic", false))
                .trusted(" (A/T<sub>P</sub>), ")
                .append(swatch(Palette.SCHEDULING))
                .text(LossNames.ofPart("scheduling", false))
                .trusted(" (S<sub>1</sub>/T<sub>P</sub>), ")
                .append(swatch(Palette.IDLE))
                .text(LossNames.ofPart("idle", estimated))
                .trusted(" (I<sub>P</sub>/T<sub>P</sub>) and ")
                .append(swatch(Palette.INFLATION))
                .text(LossNames.ofPart("inflation", false))
                .trusted(" (F<sub>P</sub>/T<sub>P</sub>). "
                        + "Each height is an exact share of this run's time, an accounting of where the ideal went, not a "
                        + "forecast: removing one cause of loss need not give back its whole height, because another "
                        + "(a memory stall it was hiding, say) can take its place. "
                        + "A part below zero is a gain, usually negative work inflation (better cache use in parallel). "
                        + "A pale bar marked \u201cnot valid\u201d is a point that does not measure P workers on P CPUs "
                        + "of their own (see the warnings): it is shown, but it carries no conclusion.");
    }

    static Html timeline() {
        return new Html()
                .trusted("<strong>How to read this.</strong> One operation as it ran at this P (the one of median wall time "
                        + "among those sampled, the last of every measurement iteration): one lane per worker, time from "
                        + "the moment the operation was handed to the pool until the caller resumed. ")
                .append(swatch(Palette.ACTUAL))
                .trusted("Busy means running a task; ")
                .append(swatch(Palette.IDLE_LANE))
                .trusted("idle means anything else: waiting for work, stealing, waiting in a join for a stolen task, "
                        + "parked. A long stretch with one busy lane is a serial section; lanes that end early while "
                        + "one runs on are the tail; a late start is hand-off and wake-up.");
    }

    static Html idleSplit() {
        return new Html()
                .trusted("The idle time I<sub>P</sub> split by what the sampled timelines show: <em>startup</em> (before the "
                        + "first task starts, and a worker waiting for its first task while two or more others run), "
                        + "<em>serial</em> (exactly one worker busy while the idle one has work to come), <em>tail</em> (a "
                        + "worker that has finished its last task while another still runs: imbalance at the end), "
                        + "<em>other</em> (shortages between a worker's tasks, workers that never got work while two or more others ran) and "
                        + "<em>hand-back</em> (after every worker's last task, until the operation returns). The parts add up to "
                        + "I<sub>P</sub>; their intervals combine the interval of I<sub>P</sub> with the spread of the "
                        + "sampled operations.");
    }

    static Html factorsChart() {
        return new Html()
                .trusted("<strong>How to read this.</strong> Roth's factors split the machine's time P·T<sub>P</sub> "
                        + "into three shares that add up to 100 %: ")
                .append(swatch(Palette.ACTUAL))
                .trusted("work, the share spent on " + "the best sequential program's work (the efficiency); ")
                .append(swatch(Palette.IDLE))
                .trusted("distribution, " + "lost to handing work out (scheduling overhead and idle time); ")
                .append(swatch(Palette.INFLATION))
                .trusted("delay, lost to doing more or slower work (the parallel algorithm's extra work and work "
                        + "inflation). A part below zero is a gain.");
    }

    static Html sweepChart(String param, int cores) {
        return new Html()
                .trusted("<strong>How to read this.</strong> The families of this benchmark that differ only in " + "<code>")
                .text(param)
                .trusted("</code>, compared at P = ")
                .text(cores)
                .trusted(" (the largest P valid in all of them): the ")
                .append(swatch(Palette.ACTUAL))
                .trusted("actual speedup and the "
                        + "four losses, which add up to P, with their intervals. A loss that falls as another rises is a "
                        + "trade-off: smaller tasks pay more ")
                .append(swatch(Palette.SCHEDULING))
                .trusted("scheduling overhead, larger " + "ones leave workers ")
                .append(swatch(Palette.IDLE))
                .trusted("idle.");
    }

    static Html swatch(java.awt.Color colour) {
        return new Html().open("span", "class", "fct-swatch", "style", "background:" + CssColour.of(colour)).close("span");
    }
}
