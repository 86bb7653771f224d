package dev.factored.maven;

import dev.factored.analysis.Analysis;
import dev.factored.analysis.Environment;
import dev.factored.analysis.FamilyAnalysis;
import java.util.List;
import java.util.Objects;

/** Checks before a run joins a baseline recorded from several runs. */
final class BaselineRuns {

    private BaselineRuns() {
    }

    /**
     * What differs between the JVM of the baseline's newest run and this one (JDK, VM), or null when
     * nothing known differs: runs from another JVM would measure that JVM's noise, not the code's.
     */
    static String environmentDifference(List<Analysis> runs, Analysis current) {
        Environment before = first(runs.get(runs.size() - 1));
        Environment now = first(current);
        if (before == null || now == null) {
            return null;
        }
        if (!Objects.equals(before.jdkVersion(), now.jdkVersion()) || !Objects.equals(before.vmName(), now.vmName())
                || !Objects.equals(before.vmVersion(), now.vmVersion())) {
            return "JDK " + before.jdkVersion() + " " + before.vmName() + " " + before.vmVersion() + " vs "
                    + now.jdkVersion() + " " + now.vmName() + " " + now.vmVersion();
        }
        return null;
    }

    private static Environment first(Analysis analysis) {
        return analysis.families().stream().map(FamilyAnalysis::environment).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }
}
