/**
 * What the diagnosis decided about a family, as analysis.json holds it: the
 * {@link dev.factored.analysis.model.finding.Explanation} of its {@link dev.factored.analysis.model.finding.Finding}s
 * (each of a {@link dev.factored.analysis.model.finding.FindingKind}, with a
 * {@link dev.factored.analysis.model.finding.Severity} and its evidence), the
 * {@link dev.factored.analysis.model.finding.Headline} and the texts. Depends on {@code model.measurement} and
 * {@code model.point} only.
 */
package dev.factored.analysis.model.finding;
