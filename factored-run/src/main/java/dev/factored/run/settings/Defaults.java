package dev.factored.run.settings;

import dev.factored.analysis.AnalysisOptions;

/**
 * The default of every setting the front ends declare, once, as text: constants, so that a Maven
 * {@code @Parameter(defaultValue = …)} and a picocli {@code @Option(defaultValue = …)} can name them.
 */
public final class Defaults {

    /** The timing preset ({@link Preset#DEFAULT}). */
    public static final String PRESET = "default";
    /** The order of the forks ({@link RunOrder#ROUNDS}). */
    public static final String ORDER = "rounds";
    /** Which configurations share a fork ({@link ShareForks#PARALLEL}). */
    public static final String SHARE_FORKS = "parallel";
    /** How far the bounds are projected ({@link AnalysisOptions#DEFAULT_PROJECT_TO}). */
    public static final String PROJECT_TO = "" + AnalysisOptions.DEFAULT_PROJECT_TO;
    /** The share of the CPUs others may take before a configuration is disturbed ({@link AnalysisOptions}). */
    public static final String DISTURBED_ABOVE = "" + AnalysisOptions.DEFAULT_DISTURBED_ABOVE;
    /** The change against the baseline that is accepted (the gate's {@code DEFAULT_TOLERANCE}, 0.10). */
    public static final String TOLERANCE = "10%";
    /** The run-to-run noise assumed when nothing measures it (the gate's {@code DEFAULT_ASSUMED_NOISE}, 0.10). */
    public static final String ASSUMED_NOISE = "10%";
    /** The largest probability that an unchanged build fails any check of a run (the gate's {@code DEFAULT_ALPHA}). */
    public static final String ALPHA = "5%";
    /** How many runs an updated baseline keeps. */
    public static final String BASELINE_RUNS = "1";
    /** The pinning order the topology shows. */
    public static final String CPU_ORDER = "topology";
    /** The analysis file's name. */
    public static final String ANALYSIS_FILE = "analysis.json";

    private Defaults() {
    }
}
