package dev.factored.maven;

import dev.factored.analysis.Analysis;
import dev.factored.analysis.AnalysisInputException;
import dev.factored.analysis.AnalysisJson;
import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.Estimate;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.FamilyAnalysis;
import dev.factored.analysis.Point;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.logging.Log;

/** JMH JSON → analysis.json, shared by the run and report goals, with the short log summary. */
final class AnalysisStep {

    private AnalysisStep() {
    }

    /**
     * Analyses {@code jmhJson} and writes {@code analysisJson}.
     *
     * @throws AnalysisInputException the input cannot be analysed (message names file, entry, problem)
     * @throws IOException            analysis.json cannot be written
     */
    static Analysis analyzeAndWrite(Path jmhJson, Path analysisJson) throws AnalysisInputException, IOException {
        Analysis analysis = FactoredAnalysis.analyze(jmhJson, AnalysisOptions.DEFAULT);
        try {
            AnalysisJson.write(analysis, analysisJson);
        } catch (IOException e) {
            throw new IOException("cannot write the analysis to " + analysisJson + ": " + e.getMessage(), e);
        }
        return analysis;
    }

    /** Logs the family count, one line per family (its speedup at the largest P) and the warnings. */
    static void logSummary(Analysis analysis, Path analysisJson, Log log) {
        logHeadline(analysis, analysisJson, log);
        for (String warning : analysis.warnings()) {
            log.warn("[factored] " + warning);
        }
        for (String line : familyLines(analysis)) {
            log.info("[factored]   " + line);
        }
        for (FamilyAnalysis family : analysis.families()) {
            for (String warning : family.warnings()) {
                log.warn("[factored] " + family.id() + ": " + warning);
            }
        }
    }

    /**
     * Logs only the family and warning counts: for a goal that re-analyses what {@code run} has already
     * summarised (the report), so the build log does not repeat every line.
     */
    static void logHeadline(Analysis analysis, Path analysisJson, Log log) {
        int warnings = analysis.warnings().size();
        for (FamilyAnalysis family : analysis.families()) {
            warnings += family.warnings().size();
        }
        log.info("[factored] " + plural(analysis.families().size(), "family", "families") + " analysed, "
                + plural(warnings, "warning", "warnings") + " \u2192 " + analysisJson);
    }

    /** e.g. {@code MergeSortBenchmark.sort(size=200000): speedup 1.62 [1.55, 1.70] at P=2 (ideal 2)}. */
    static List<String> familyLines(Analysis analysis) {
        List<String> lines = new ArrayList<>();
        for (FamilyAnalysis family : analysis.families()) {
            String name = JmhProgress.shortName(family.benchmark())
                    + family.id().substring(family.benchmark().length());
            Point largest = family.largestPoint();
            if (largest == null) {
                lines.add(name + ": no parallel configuration measured");
            } else if (largest.speedups() == null || largest.speedups().actual() == null) {
                lines.add(name + ": speedup at P=" + largest.cores() + " unknown (no baseline time)");
            } else {
                lines.add(name + ": speedup " + format(largest.speedups().actual()) + " at P=" + largest.cores()
                        + " (ideal " + largest.cores() + ")");
            }
        }
        return lines;
    }

    private static String format(Estimate e) {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", e.value(), e.low(), e.high());
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
