/**
 * The renderer of the analysis: every sentence the diagnosis says, written from typed facts once the rules have
 * decided. A finding's sentence in its definite and tentative forms ({@link
 * dev.factored.analysis.diagnosis.words.Wording}) comes from its claim ({@link
 * dev.factored.analysis.diagnosis.words.ClaimWords}: {@code FindingWords}, {@code IdleWords}, {@code CollectorWords},
 * {@link dev.factored.analysis.diagnosis.words.HeadlineWords}), a note's from its facts ({@link
 * dev.factored.analysis.diagnosis.words.NoteWords}: {@code WarningWords}); also the names of the losses every view
 * uses ({@link dev.factored.analysis.diagnosis.words.LossNames}), the projection's words ({@link
 * dev.factored.analysis.diagnosis.words.ProjectionWords}), why a point is not valid ({@link
 * dev.factored.analysis.diagnosis.words.ValidityWords}) and the shared phrasing of numbers, cores and configurations
 * ({@link dev.factored.analysis.diagnosis.words.Words}). Nothing here decides a finding: the words follow the facts
 * they are given, never the rules that made them.
 *
 * <p>May depend on: {@code dev.factored.analysis.diagnosis.facts}, {@code dev.factored.analysis.model},
 * {@code dev.factored.analysis.stats}, {@code dev.factored.text}.
 */
package dev.factored.analysis.diagnosis.words;
