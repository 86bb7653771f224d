/**
 * What every check of the gate shares, rules and comparisons alike: what a result is about
 * ({@link dev.factored.gate.terms.Subject}), its outcome ({@link dev.factored.gate.terms.Status}), the quantity a
 * comparison compares ({@link dev.factored.gate.terms.Compared}) and which way a number improves
 * ({@link dev.factored.gate.terms.Direction}), and limits and tolerances written as ratios or percentages
 * ({@link dev.factored.gate.terms.Ratios}). The lowest layer of the gate: it depends on the analysis model only.
 */
package dev.factored.gate.terms;
