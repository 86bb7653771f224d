/**
 * The diagnosis: rules that read the quantities ({@link dev.factored.analysis.model.family.Quantities}, the family as
 * read) and decide findings, and the words that say them. {@link dev.factored.analysis.diagnosis.Diagnosis} runs the
 * rules about the program (small classes, each saying what it reads: {@code SpeedupRule}, {@code LossRules},
 * {@code OverheadRules}, {@code CurveRules}, {@code ProfileRules}, {@code ScalingRules}); {@link
 * dev.factored.analysis.diagnosis.Warnings} and {@code PointWarnings} decide the data-quality notes (single forks, a
 * busy machine, invalid points); {@link dev.factored.analysis.diagnosis.Story} tells them as one headline, its causes
 * and the notes apart, each fact once: the headline names the loss the numbers at P put first ({@code LossSeparation})
 * and the cause that explains it, with advice that follows the typed evidence ({@code IdleCause} for idle time), never
 * the text a rule wrote. The rules know no English: a rule decides a finding's kind, P, severity, evidence and the
 * facts of its claim ({@code Claim}, one record per kind), a note's kind and its facts ({@link
 * dev.factored.analysis.diagnosis.NoteFacts}); the sentences are written from those facts only once everything is
 * decided, by {@code FindingWords}, {@code IdleWords}, {@code HeadlineWords}, {@code WarningWords} and {@code Words},
 * each with a definite and a tentative form where a finding can be tentative. The rules read the model, never the
 * computation.
 */
package dev.factored.analysis.diagnosis;
