package dev.factored.analysis;

import java.util.List;

/**
 * The whole analysis of one JMH result file, as written to {@code analysis.json}.
 *
 * @param schema     the analysis.json schema version, {@value #SCHEMA}
 * @param source     the JMH JSON file it was computed from (as given), for the reader
 * @param seed       the bootstrap seed: the same input and seed give the same intervals
 * @param resamples  bootstrap resamples per estimate
 * @param confidence the interval's confidence level, e.g. 0.95
 * @param families   in the order their first entry appears in the JMH JSON
 * @param warnings   about the file as a whole (entries left out, JVMs mixed); empty if none
 */
public record Analysis(
        int schema,
        String source,
        long seed,
        int resamples,
        double confidence,
        List<FamilyAnalysis> families,
        List<String> warnings) {

    public static final int SCHEMA = 1;

    /** Without file-level warnings (the shape before {@code warnings} was added). */
    public Analysis(int schema, String source, long seed, int resamples, double confidence,
            List<FamilyAnalysis> families) {
        this(schema, source, seed, resamples, confidence, families, List.of());
    }
}
