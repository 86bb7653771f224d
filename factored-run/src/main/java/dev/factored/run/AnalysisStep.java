package dev.factored.run;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.analysis.FactoredAnalysis;
import dev.factored.analysis.diagnosis.words.LossNames;
import dev.factored.analysis.input.AnalysisInputException;
import dev.factored.analysis.input.Sha256;
import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.AnalysisJson;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.point.Point;
import dev.factored.run.jmh.JmhProgress;
import dev.factored.text.ConsoleText;
import dev.factored.text.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** JMH JSON → analysis.json, shared by the run and report goals, with the short log summary. */
public final class AnalysisStep {

    private AnalysisStep() {
    }

    /**
     * Analyses {@code jmhJson} and writes {@code analysisJson}.
     *
     * @throws AnalysisInputException the input cannot be analysed (message names file, entry, problem)
     * @throws IOException            analysis.json cannot be written
     */
    public static Analysis analyzeAndWrite(Path jmhJson, Path analysisJson, AnalysisOptions options)
            throws AnalysisInputException, IOException {
        prepareWriter();
        return written(FactoredAnalysis.analyze(jmhJson, options), analysisJson);
    }

    /** Analyses several result files together ({@link FactoredAnalysis#analyze(List, AnalysisOptions)}) and writes the analysis. */
    public static Analysis analyzeAndWrite(List<Path> jmhJsons, Path analysisJson, AnalysisOptions options)
            throws AnalysisInputException, IOException {
        prepareWriter();
        return written(FactoredAnalysis.analyze(jmhJsons, options), analysisJson);
    }

    /** The writer of analysis.json built on a thread of its own while this one reads and analyses (it only loads). */
    private static void prepareWriter() {
        Thread prepare = new Thread(AnalysisJson::prepare, "factored-analysis-json");
        prepare.setDaemon(true);
        prepare.start();
    }

    private static Analysis written(Analysis analysis, Path analysisJson) throws IOException {
        try {
            AnalysisJson.write(analysis, analysisJson);
        } catch (IOException e) {
            throw new IOException("cannot write the analysis to " + analysisJson + ": " + e.getMessage(), e);
        }
        return analysis;
    }

    /** An analysis and whether it was read back instead of computed. */
    public record Outcome(Analysis analysis, boolean reused) {
    }

    /**
     * The analysis of {@code jmhJson}: the one in {@code analysisJson} when it was made from these very
     * bytes (its recorded SHA-256) with these options, else a new one, written there. In one
     * {@code mvn verify site} the run goal analyses and the report reuses, instead of analysing twice.
     */
    public static Outcome analysisOf(Path jmhJson, Path analysisJson, AnalysisOptions options)
            throws AnalysisInputException, IOException {
        AnalysisJson.Provenance madeFrom = Files.isRegularFile(analysisJson) && Files.isRegularFile(jmhJson)
                ? AnalysisJson.provenance(analysisJson) : null;
        // Its head first: reading the whole file back costs about as much as analysing again (issue 43).
        if (madeFrom != null && madeFrom.sourceSha256() != null && madeFrom.seed() == options.seed()
                && madeFrom.resamples() == options.resamples() && madeFrom.confidence() == options.confidence()
                && madeFrom.sourceSha256().equals(Sha256.of(Files.readAllBytes(jmhJson)))) {
            try {
                Analysis stored = AnalysisJson.read(analysisJson);
                if (projectedTo(stored, options.projectTo()) && disturbedAbove(stored, options.disturbedAbove())) {
                    return new Outcome(stored, true);
                }
            } catch (AnalysisInputException e) {
                // unreadable or from an older version: analyse again, which overwrites it
            }
        }
        return new Outcome(analyzeAndWrite(jmhJson, analysisJson, options), false);
    }

    /**
     * Whether every stored configuration is disturbed exactly where this threshold makes it so (it compared the share's
     * value, not the rule's low end, so that no analysis with a share between the two was ever reused: issue 43).
     */
    private static boolean disturbedAbove(Analysis stored, double threshold) {
        return stored.families().stream().flatMap(f -> f.measurement().interference().stream())
                .allMatch(i -> i.disturbedAt(threshold));
    }

    /** Whether the stored bounds reach exactly projectTo (an analysis without a span run has none to compare). */
    private static boolean projectedTo(Analysis stored, int projectTo) {
        return stored.families().stream().allMatch(f -> f.profile().bounds().isEmpty()
                || f.profile().bounds().get(f.profile().bounds().size() - 1).cores() == projectTo);
    }

    /**
     * Logs the family count, the analysis-wide warnings (a busy machine, a merge) and one line per family: its speedup
     * at the largest P and how many warnings it has. The families' warnings themselves are in analysis.json and the
     * report, where they sit beside what they qualify; a console line each would bury the summary.
     */
    public static void logSummary(Analysis analysis, Path analysisJson, RunLog log) {
        logHeadline(analysis, analysisJson, log);
        for (String warning : analysis.warnings()) {
            log.warn(ConsoleText.of("[factored] ").text(warning).toString());
        }
        for (String line : familyLines(analysis)) {
            log.info("[factored]   " + line);
        }
    }

    /**
     * Logs only the family and warning counts: for a goal that re-analyses what {@code run} has already
     * summarised (the report), so the build log does not repeat every line.
     */
    public static void logHeadline(Analysis analysis, Path analysisJson, RunLog log) {
        int warnings = analysis.warnings().size();
        for (FamilyAnalysis family : analysis.families()) {
            warnings += family.explanation().warnings().size();
        }
        log.info("[factored] " + plural(analysis.families().size(), "family", "families") + " analysed, "
                + plural(warnings, "warning", "warnings") + " \u2192 " + analysisJson);
    }

    /**
     * e.g. {@code MergeSortBenchmark.sort(size=200000): speedup 1.62x [1.55, 1.70] at P=2 (ideal 2x); largest loss:
     * idle time 0.210x [0.180, 0.240]}, at the largest valid P, the loss named as every other view names it;
     * console-safe.
     */
    public static List<String> familyLines(Analysis analysis) {
        List<String> lines = new ArrayList<>();
        for (FamilyAnalysis family : analysis.families()) {
            String label = family.id().label();
            String name = JmhProgress.shortName(family.id().benchmark())
                    + label.substring(family.id().benchmark().length());
            Point largest = family.summaryPoint();
            ConsoleText line = ConsoleText.of(name).text(": ");
            if (largest == null) {
                line.text(family.noValidPointBecause());
            } else if (largest.speedups().actual() == null) {
                line.text("speedup at P=").text(largest.cores()).text(" unknown (no baseline time)");
            } else {
                line.text("speedup ").text(Numbers.speedup(largest.speedups().actual())).text(" at P=")
                        .text(largest.cores()).text(" (ideal ").text(largest.cores()).text("x)")
                        .text(largest.speedups().actual().singleFork() ? ", from a single fork" : "");
                String loss = LossNames.biggestLoss(family, largest);
                line.text(loss == null ? "" : "; largest loss: " + loss);
            }
            int warnings = family.explanation().warnings().size();
            line.text(warnings == 0 ? "" : "; " + plural(warnings, "warning", "warnings") + " in the report");
            lines.add(line.toString());
        }
        return lines;
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
