/**
 * The diagnosis's rules: they read a family's quantities ({@link dev.factored.analysis.model.family.Quantities}, the
 * family as read) and decide findings and notes. {@link dev.factored.analysis.diagnosis.Diagnosis} runs the rules about the
 * program (small classes, each saying what it reads: {@code SpeedupRule}, {@code LossRules}, {@code OverheadRules},
 * {@code CurveRules}, {@code ProfileRules}, {@code ScalingRules}); {@link dev.factored.analysis.diagnosis.Warnings}
 * and {@code PointWarnings} decide the data-quality notes (single forks, a busy machine, invalid points), {@link
 * dev.factored.analysis.diagnosis.OneThread} the work one thread did; {@link dev.factored.analysis.diagnosis.Story}
 * tells them as one headline, its causes and the notes apart, each fact once: the headline names the loss the numbers
 * at P put first and the cause that explains it, with advice that follows the typed evidence, never the text a rule
 * wrote. The rules know no English: a rule decides a finding's kind, P, severity, evidence and the facts of its claim,
 * a note's kind and its facts ({@link dev.factored.analysis.diagnosis.facts}); the sentences are written from those
 * facts by the renderer ({@link dev.factored.analysis.diagnosis.words}) only once everything is decided. The rules
 * read the model, never the computation.
 *
 * <p>May depend on: {@code dev.factored.analysis.diagnosis.words}, {@code dev.factored.analysis.diagnosis.facts},
 * {@code dev.factored.analysis.model}, {@code dev.factored.analysis.input}, {@code dev.factored.analysis.stats}.
 */
package dev.factored.analysis.diagnosis;
