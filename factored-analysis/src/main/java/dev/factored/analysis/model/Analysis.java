package dev.factored.analysis.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.factored.analysis.model.finding.Explanation;
import dev.factored.analysis.model.measurement.FailedConfiguration;
import java.util.List;

/**
 * The whole analysis of one JMH result file, as written to {@code analysis.json}: the one model every
 * view (report, gate, Markdown, log) reads.
 *
 * @param schema       the analysis.json schema version, {@value #SCHEMA}
 * @param source       the JMH JSON file it was computed from (as given), for the reader
 * @param sourceSha256 SHA-256 of that file's bytes, so a later step can tell whether this analysis is
 *                     still the analysis of the file (null when not known)
 * @param seed         the bootstrap seed: the same input and seed give the same intervals
 * @param resamples    bootstrap resamples per estimate
 * @param confidence   the interval's confidence level, e.g. 0.95
 * @param warnings     about the file as a whole (entries left out, JVMs mixed); empty if none
 * @param families     in the order their first entry appears in the JMH JSON
 * @param sweeps       families of one benchmark that differ in one numeric param, read together; empty if none
 * @param failedConfigurations configurations whose JMH run failed (JMH's JSON leaves them out): each is also named
 *                     in its family's warnings; empty if none
 */
@JsonPropertyOrder({"schema", "source", "sourceSha256", "seed", "resamples", "confidence", "warnings",
        "failedConfigurations", "families", "sweeps"})
public record Analysis(
        int schema,
        String source,
        String sourceSha256,
        long seed,
        int resamples,
        double confidence,
        List<String> warnings,
        List<FamilyAnalysis> families,
        List<Sweep> sweeps,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FailedConfiguration> failedConfigurations) {

    /**
     * The schema this version writes. 2: a family's data-quality notes (the warnings as findings) are no longer in
     * {@code findings} but in {@code notes}, and a family has a {@code headline}; every other field is as in 1.
     */
    public static final int SCHEMA = 2;

    /** Whether this version reads files of this schema: 1 (upgraded as they are read) and 2. */
    public static boolean readable(int schema) {
        return schema == 1 || schema == SCHEMA;
    }

    public Analysis {
        if (!readable(schema)) {
            throw new IllegalArgumentException("analysis.json schema " + schema + " is not supported (this version "
                    + "reads schemas 1 and " + SCHEMA + ")");
        }
        schema = SCHEMA; // held, and written again, in this version's schema
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be strictly between 0 and 1, got " + confidence);
        }
        warnings = List.copyOf(warnings == null ? List.of() : warnings);
        families = List.copyOf(families == null ? List.of() : families);
        sweeps = List.copyOf(sweeps == null ? List.of() : sweeps);
        failedConfigurations = List.copyOf(failedConfigurations == null ? List.of() : failedConfigurations);
    }

    /** Without failed configurations (none failed, or a file from before they were recorded). */
    public Analysis(int schema, String source, String sourceSha256, long seed, int resamples, double confidence,
            List<String> warnings, List<FamilyAnalysis> families, List<Sweep> sweeps) {
        this(schema, source, sourceSha256, seed, resamples, confidence, warnings, families, sweeps, List.of());
    }

    /** Without sweeps: they are found by the analysis ({@code Sweeps}) or read from a file. */
    public Analysis(int schema, String source, String sourceSha256, long seed, int resamples, double confidence,
            List<String> warnings, List<FamilyAnalysis> families) {
        this(schema, source, sourceSha256, seed, resamples, confidence, warnings, families, List.of());
    }

    /** Reads any schema-1 or schema-2 file (a schema-1 file is held as schema 2: see {@link Explanation}); the minimal schema of ARCHITECTURE.md has no confidence: it is then 0.95. */
    @JsonCreator
    static Analysis read(@JsonProperty(value = "schema", required = true) int schema,
            @JsonProperty("source") String source,
            @JsonProperty("sourceSha256") String sourceSha256,
            @JsonProperty("seed") long seed,
            @JsonProperty("resamples") int resamples,
            @JsonProperty("confidence") Double confidence,
            @JsonProperty("warnings") List<String> warnings,
            @JsonProperty(value = "families", required = true) List<FamilyAnalysis> families,
            @JsonProperty("sweeps") List<Sweep> sweeps,
            @JsonProperty("failedConfigurations") List<FailedConfiguration> failedConfigurations) {
        return new Analysis(schema, source, sourceSha256, seed, resamples, confidence == null ? 0.95 : confidence,
                warnings, families, sweeps, failedConfigurations);
    }
}
