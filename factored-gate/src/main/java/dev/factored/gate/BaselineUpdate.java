package dev.factored.gate;

import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.gate.comparison.EnvironmentCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Records a run into a baseline file ({@code updateBaseline}): with {@code baselineRuns} = 1 the baseline becomes this
 * run's analysis; with N &gt; 1 the run is added to the runs the file holds and only the last N are kept. The one
 * implementation behind the plugin's {@code factored:check -Dfactored.updateBaseline=true} and the command line's
 * {@code factored check --updateBaseline}; the front ends only say what happened (always loudly: a baseline never
 * changes silently).
 */
public final class BaselineUpdate {

    private BaselineUpdate() {
    }

    /** A baseline that this run may not join: it holds runs of another JVM. */
    public static final class Refused extends Exception {

        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /**
     * What was written.
     *
     * @param file         the baseline file
     * @param runs         how many runs it holds now (this one the last)
     * @param baselineRuns how many it keeps at most
     * @param disturbed    how many configurations of this run were measured on a busy machine (0: none)
     */
    public record Result(Path file, int runs, int baselineRuns, long disturbed) {

        /** What the file holds now, e.g. {@code this run's analysis} or {@code the last 3 runs (...)}. */
        public String holds() {
            return runs == 1 ? "this run's analysis" : "the last " + runs + " runs (this one included, baselineRuns="
                    + baselineRuns + ")";
        }

        /** The warning for a run measured on a busy machine, or null. */
        public String busyWarning() {
            return disturbed == 0 ? null : "this run was measured on a busy machine (" + disturbed + " configuration(s)"
                    + " disturbed, see the analysis' warnings): checks against the baseline will not decide what its"
                    + " interference can explain. Record the baseline on a quiet machine where you can.";
        }
    }

    /** @throws IllegalArgumentException unless {@code baselineRuns} is 1 or more */
    public static void requireRuns(int baselineRuns) {
        if (baselineRuns < 1) {
            throw new IllegalArgumentException("baselineRuns = " + baselineRuns + " is not valid; give 1 or more");
        }
    }

    /**
     * Writes {@code current} into {@code target}: alone when {@code baselineRuns} is 1, else after the runs the file
     * holds (when it exists), keeping the last {@code baselineRuns}.
     *
     * @throws AnalysisInputException when the existing file (read only for {@code baselineRuns} &gt; 1) cannot be read
     * @throws Refused                when it holds runs of another JVM and {@code allowDifferentEnvironment} is false
     * @throws IOException            when the file cannot be written
     */
    public static Result update(Path target, Analysis current, int baselineRuns, boolean allowDifferentEnvironment)
            throws AnalysisInputException, Refused, IOException {
        requireRuns(baselineRuns);
        List<Analysis> runs = new ArrayList<>();
        if (baselineRuns > 1 && Files.isRegularFile(target)) {
            runs.addAll(AnalysisJson.readRuns(target));
            String differs = environmentDifference(runs, current);
            if (differs != null && !allowDifferentEnvironment) {
                throw new Refused("not adding this run to the baseline " + target + ": it holds runs from another"
                        + " environment (" + differs + "). Delete the file to start a new baseline here, or set"
                        + " allowDifferentEnvironment.");
            }
        }
        runs.add(current);
        List<Analysis> kept = runs.subList(Math.max(0, runs.size() - baselineRuns), runs.size());
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AnalysisJson.writeRuns(kept, target);
        return new Result(target, kept.size(), baselineRuns, Gate.disturbed(current));
    }

    /**
     * What differs between the JVM of the baseline's newest run and this one (JDK, VM), or null when nothing known
     * differs: runs from another JVM would measure that JVM's noise, not the code's.
     */
    static String environmentDifference(List<Analysis> runs, Analysis current) {
        if (runs.isEmpty()) {
            return null;
        }
        Environment before = first(runs.get(runs.size() - 1));
        Environment now = first(current);
        List<EnvironmentCheck.Difference> differences = EnvironmentCheck.jvm(before, now);
        return differences.isEmpty() ? null : EnvironmentCheck.describe(differences);
    }

    private static Environment first(Analysis analysis) {
        return analysis.families().stream().map(f -> f.measurement().environment()).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }
}
