/**
 * The diagnosis in words: the rules that turn a family's computed numbers into
 * {@link dev.factored.analysis.model.Finding}s ({@link dev.factored.analysis.diagnosis.Diagnosis}: what limits the
 * speedup, each finding with the measurements that back it) and into warnings about the numbers themselves
 * ({@link dev.factored.analysis.diagnosis.Warnings}: single forks, a busy machine, invalid points). The rules read
 * the model ({@link dev.factored.analysis.model.Quantities}, the family as read), never the computation. The
 * sentences live apart from the rules ({@code FindingWords}, {@code Words}), each with a definite and a tentative form.
 */
package dev.factored.analysis.diagnosis;
