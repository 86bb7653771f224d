/**
 * What a run left on disk, read with errors that name the file and the entry: JMH's JSON result
 * ({@link dev.factored.analysis.input.JmhJsonReader} into {@link dev.factored.analysis.input.JmhEntry} records, with
 * their units and their {@code cores} param parsed once ({@code EntryCores}, by the rule {@code CoresText} applies for
 * every text the analysis reads); an entry of configurations measured in turn, {@code cores=1+2}, split into one entry per member), and the profiler's side files next to it in {@value dev.factored.analysis.input.ActivitySamples#DIRECTORY}/
 * (activity samples, the host identity). Nothing here computes an estimate, and nothing here knows the model: the lowest layer above the statistics.
 */
package dev.factored.analysis.input;
