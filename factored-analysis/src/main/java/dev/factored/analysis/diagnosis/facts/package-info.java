/**
 * What the diagnosis's rules hand the renderer, typed and without words: the facts of a finding's claim ({@link
 * dev.factored.analysis.diagnosis.facts.Claim}, one record per kind) and of a note ({@link
 * dev.factored.analysis.diagnosis.facts.NoteFacts}), the measurements a finding rests on ({@link
 * dev.factored.analysis.diagnosis.facts.Evidence}, by their names in analysis.json), what kind of code a family
 * measures ({@link dev.factored.analysis.diagnosis.facts.Program},
 * {@link dev.factored.analysis.diagnosis.facts.OffCpu}), and the readings of those facts that the rules and the words must make alike, so that a headline and a one-line
 * summary never disagree: where idle time comes from ({@link dev.factored.analysis.diagnosis.facts.IdleCause}), which
 * loss the numbers at P put first ({@link dev.factored.analysis.diagnosis.facts.LossSeparation}) and which cause
 * finding explains it ({@link dev.factored.analysis.diagnosis.facts.Causes}). No sentence is written here.
 *
 * <p>May depend on: {@code dev.factored.analysis.model}, {@code dev.factored.analysis.input},
 * {@code dev.factored.analysis.stats}.
 */
package dev.factored.analysis.diagnosis.facts;
