package dev.factored.analysis.model.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.measurement.Estimate;

/**
 * Where the P workers' time at one point went, per operation (written flat in the point, as analysis.json has always
 * had it). Seconds per operation; null where not measured.
 *
 * @param time            T_P
 * @param idleTime        I_P, the idle time of all P workers summed, per operation
 * @param descheduledTime D_P: the time per operation the workers waited to run behind other processes (summed over
 *                        them), taken out of the work inflation: F_P = P·T_P − I_P − T_1 − D_P; null when not measured
 * @param workInflation   F_P = P·T_P − I_P − T_1 (− D_P − O_P where measured)
 * @param ownWaitingTime  O_P: the time per operation the workers waited for a CPU behind the program's own threads or
 *                        the JVM's on the same CPUs while they held work (summed over them), taken out of the work
 *                        inflation (for estimated idle, of the idle time); null when not measured
 */
@JsonPropertyOrder({"time", "idleTime", "descheduledTime", "workInflation", "ownWaitingTime"})
public record PointTimes(Estimate time, Estimate idleTime,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate descheduledTime, Estimate workInflation,
        @JsonInclude(JsonInclude.Include.NON_NULL) Estimate ownWaitingTime) {

    /** Without the program's own waiting (results from before the profiler measured it). */
    public PointTimes(Estimate time, Estimate idleTime, Estimate descheduledTime, Estimate workInflation) {
        this(time, idleTime, descheduledTime, workInflation, null);
    }
}
