package dev.factored.analysis.input;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ForeignProcess;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One element of JMH's JSON result array: one benchmark method with one set of params.
 *
 * @param index            position in the file's array, 0-based, for error messages
 * @param benchmark        fully qualified benchmark method name
 * @param mode             {@code avgt}, {@code thrpt}, {@code sample} or {@code ss}
 * @param params           JMH params in the file's order (values are always strings); empty if none
 * @param cores            the {@code cores} param of {@code params}, parsed once where the entry was read
 * @param runtime          what ran it: JMH's version, the JDK and VM, the java binary and its arguments
 * @param settings         threads, forks, the warmup and measurement iterations
 * @param primaryMetric    the score and its samples
 * @param secondaryMetrics by label, in the file's order; empty if none
 * @param turn             for the entry of one member of configurations measured in turn (a {@code cores} value such
 *                         as {@code 1+2}, split by {@link TurnEntries}): the turn it shares its forks with; null for an
 *                         entry with forks of its own
 */
public record JmhEntry(
        int index,
        String benchmark,
        String mode,
        Map<String, String> params,
        EntryCores cores,
        JvmRuntime runtime,
        JmhSettings settings,
        JmhMetric primaryMetric,
        Map<String, JmhMetric> secondaryMetrics,
        TurnMember turn) {

    public JmhEntry {
        if (!Objects.equals(cores.text(), params.get(CoresValue.PARAM))) {
            throw new IllegalArgumentException("entry " + index + " (" + benchmark + "): its parsed cores = "
                    + cores.text() + " is not its param cores = " + params.get(CoresValue.PARAM));
        }
    }

    /**
     * An entry with forks of its own (not a member of a turn), as read from its params: where the {@code cores} text of
     * an entry of JMH's JSON is parsed ({@link EntryCores#of}).
     */
    public JmhEntry(int index, String benchmark, String mode, Map<String, String> params, JvmRuntime runtime,
            JmhSettings settings, JmhMetric primaryMetric, Map<String, JmhMetric> secondaryMetrics) {
        this(index, benchmark, mode, params, EntryCores.of(params), runtime, settings, primaryMetric, secondaryMetrics,
                null);
    }

    /** The turn this entry's forks are shared with, or null when they are its own. */
    public CoresTurn sharedForks() {
        return turn == null ? null : turn.turn();
    }

    /**
     * The processes the profiler named as taking the fork's CPUs ({@link ForeignProcess}), each with its share of the
     * CPUs' time over all measured iterations (an iteration where it was not named counts as 0), largest first.
     */
    public List<Map.Entry<ForeignProcess, Double>> foreignProcesses() {
        int iterations = 0;
        if (primaryMetric.rawData() != null) {
            for (double[] fork : primaryMetric.rawData()) {
                iterations += fork.length;
            }
        }
        List<Map.Entry<ForeignProcess, Double>> out = new java.util.ArrayList<>();
        for (Map.Entry<String, JmhMetric> e : secondaryMetrics.entrySet()) {
            ForeignProcess process = ForeignProcess.ofLabel(e.getKey());
            if (process == null || e.getValue().rawData() == null || iterations == 0) {
                continue;
            }
            double sum = 0;
            for (double[] fork : e.getValue().rawData()) {
                for (double v : fork) {
                    sum += Double.isFinite(v) ? v : 0;
                }
            }
            out.add(Map.entry(process, sum / iterations));
        }
        out.sort(Map.Entry.<ForeignProcess, Double>comparingByValue().reversed());
        return out;
    }

    /**
     * The length of one measurement iteration in seconds, from JMH's {@code measurementTime} ("200 ms", "1 s"); NaN
     * when it does not say (a batch-sized mode, an unknown unit).
     */
    public double measurementSeconds() {
        return ScoreUnit.lengthSeconds(settings.measurementTime()).orElse(Double.NaN);
    }

    /** "entry 3 (a.B.sort)" for messages. */
    public String describe() {
        return "entry " + index + " (" + benchmark + ")";
    }

    /** Mean of a secondary metric's samples (its score if it has none); null when absent. */
    public Double secondaryMean(String label) {
        JmhMetric m = secondaryMetrics().get(label);
        if (m == null) {
            return null;
        }
        if (m.rawData() == null) {
            return Double.isFinite(m.score()) ? m.score() : null;
        }
        double sum = 0;
        int n = 0;
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                sum += v;
                n++;
            }
        }
        return n == 0 || !Double.isFinite(sum) ? null : sum / n;
    }
}
