package dev.factored.analysis.diagnosis.facts;

import dev.factored.analysis.model.measurement.Estimate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The measurements a finding rests on, by name, in the order they were added. The names are analysis.json's
 * (a finding's {@code evidence} object), so they come from {@link Measure}, never from a literal string; an
 * unmeasured input (null) is left out.
 */
public final class Evidence {

    /** What can back a finding, with the name it has in a finding's evidence. */
    public enum Measure {
        ACTUAL_SPEEDUP("actualSpeedup"),
        SPEEDUP_OVER_ELISION("speedupOverElision"),
        EFFICIENCY("efficiency"),
        TIME("time"),
        BASELINE_TIME("baselineTime"),
        ELISION_TIME("elisionTime"),
        ONE_CORE_TIME("oneCoreTime"),
        IDLE_TIME("idleTime"),
        IDLE_LOSS("idleLoss"),
        GC_TIME("gcTime"),
        ONE_CORE_GC_TIME("oneCoreGcTime"),
        BASELINE_GC_TIME("baselineGcTime"),
        ELISION_GC_TIME("elisionGcTime"),
        WORK_INFLATION("workInflation"),
        INFLATION_LOSS("inflationLoss"),
        OWN_WAITING_LOSS("ownWaitingLoss"),
        OWN_WAITING_TIME("ownWaitingTime"),
        ALGORITHMIC_LOSS("algorithmicLoss"),
        SCHEDULING_LOSS("schedulingLoss"),
        BANDWIDTH_SLOWDOWN("bandwidthSlowdown"),
        WORK("work"),
        SPAN("span"),
        PARALLELISM("parallelism"),
        BURDENED_PARALLELISM("burdenedParallelism"),
        BURDEN("burden"),
        AVERAGE_STRAND("averageStrand"),
        CONTENTION("contention"),
        COHERENCY("coherency"),
        PEAK("peak"),
        AMDAHL_SERIAL_FRACTION("amdahlSerialFraction"),
        KARP_FLATT("karpFlatt"),
        USL_SPEEDUP("uslSpeedup"),
        UPPER_BOUND("upperBound"),
        LOWER_BOUND("lowerBound");

        private final String id;

        Measure(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    private final Map<String, Estimate> measured = new LinkedHashMap<>();

    public static Evidence of() {
        return new Evidence();
    }

    public Evidence with(Measure measure, Estimate value) {
        return put(measure.id(), value);
    }

    /** The same measure at one P among several, e.g. {@code workInflationAt4}. */
    public Evidence with(Measure measure, int cores, Estimate value) {
        return put(measure.id() + "At" + cores, value);
    }

    /** A part of the idle split, e.g. {@code idleTail}. */
    public Evidence idlePart(String part, Estimate value) {
        return put(idlePartName(part), value);
    }

    /** The evidence name of a part of the idle split ({@link dev.factored.analysis.model.point.IdleSplit#NAMES}). */
    public static String idlePartName(String part) {
        return "idle" + Character.toUpperCase(part.charAt(0)) + part.substring(1);
    }

    /** One point of a speedup curve, e.g. {@code P=4}. */
    public Evidence curvePoint(int cores, Estimate value) {
        return put("P=" + cores, value);
    }

    private Evidence put(String name, Estimate value) {
        if (value != null) {
            measured.put(name, value);
        }
        return this;
    }

    public boolean has(Measure measure) {
        return measured.containsKey(measure.id());
    }

    public boolean anyDisturbed() {
        return measured.values().stream().anyMatch(Estimate::disturbed);
    }

    public boolean anySingleFork() {
        return measured.values().stream().anyMatch(Estimate::singleFork);
    }

    public Map<String, Estimate> map() {
        return Collections.unmodifiableMap(measured);
    }
}
