package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.family.Family;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What kind of code a family measures, as far as the diagnosis's words depend on it: advice names a knob only
 * where the benchmark has one (the renderer's {@code FindingWords.coarser}), and the idle time of unmodified code
 * is worded as what it is (time off-CPU).
 *
 * @param unmodified the idle time was estimated from CPU time: unmodified fork/join code (a pool of Cores, a
 *                   task invoked from the benchmark thread, a parallel stream), with no elision, span or split
 * @param grainParam the name of the benchmark's param that sets the task size (a cutoff, threshold, grain…),
 *                   or null when it has none that a name says
 * @param offCpu     per P, why the threads of unmodified code were off the CPU, where the profiler looked
 */
public record Program(boolean unmodified, String grainParam, Map<Integer, OffCpu> offCpu) {

    public Program {
        offCpu = Map.copyOf(offCpu);
    }

    /** A program with no looks at its threads. */
    public Program(boolean unmodified, String grainParam) {
        this(unmodified, grainParam, Map.of());
    }

    /** Param names that, by convention, set how much work a task does before it stops splitting. */
    private static final Pattern GRAIN = Pattern.compile(".*(cutoff|threshold|grain|granularity|chunk|leaf|"
            + "blocksize|block_size|minsize|min_size|sequential).*");
    /** Only a plain identifier is repeated in advice: the name is the user's text. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,40}");

    public static Program of(Family family) {
        String grain = null;
        for (String name : family.id().params().keySet()) {
            if (IDENTIFIER.matcher(name).matches() && GRAIN.matcher(name.toLowerCase(Locale.ROOT)).matches()) {
                grain = name;
                break;
            }
        }
        Map<Integer, OffCpu> offCpu = new HashMap<>();
        family.workerEntries().forEach((workers, entry) -> {
            OffCpu looked = OffCpu.of(entry);
            if (looked != null) {
                offCpu.put(workers, looked);
            }
        });
        return new Program(FamilyAnalysis.IDLE_ESTIMATED.equals(family.idleSource()), grain, offCpu);
    }
}
