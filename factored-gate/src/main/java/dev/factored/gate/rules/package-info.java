/**
 * The gate's rules: a {@link dev.factored.gate.rules.Rule} limits one {@link dev.factored.gate.rules.Metric} of the
 * families it names; {@link dev.factored.gate.rules.RuleEvaluator} reads the metric's value ({@code MetricValues}),
 * judges it ({@code Judgement}) and allows for a busy machine ({@code Ruling}) into a
 * {@link dev.factored.gate.rules.RuleResult}. {@link dev.factored.gate.rules.BusyMachine} decides what the measured
 * interference can explain, for a rule and for a baseline comparison alike ({@code Weighed}). The words sit beside
 * what they word, written from those typed facts only: {@code RuleWords}, {@code BusyMachineWords}, and
 * {@code Formats}, the number and label formats that the reasons and the verdict's outputs share (a rule's own text
 * uses them too).
 *
 * <p>May depend on: {@code dev.factored.gate.terms}.
 */
package dev.factored.gate.rules;
