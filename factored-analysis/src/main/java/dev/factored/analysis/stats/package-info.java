/**
 * Statistics shared by the analysis and the gate, over plain arrays: the fork-level bootstrap
 * ({@link dev.factored.analysis.stats.Bootstrap}) and its tail quantiles, means and medians
 * ({@link dev.factored.analysis.stats.Descriptive}), Student's t
 * ({@link dev.factored.analysis.stats.Distributions}), Holm's adjustment and the moderated variances of the gate
 * ({@link dev.factored.analysis.stats.VarianceModel}). The lowest layer of the analysis: it depends on the JDK and a
 * statistics library only.
 */
package dev.factored.analysis.stats;
