/**
 * The settings both front ends declare: the names a message may use ({@link dev.factored.run.settings.Setting}) and
 * how each front end spells them ({@link dev.factored.run.settings.Spelling}), their defaults
 * ({@link dev.factored.run.settings.Defaults}), and the values parsed and checked where they enter: the timing
 * {@link dev.factored.run.settings.Preset}, the {@link dev.factored.run.settings.Budget}, the
 * {@link dev.factored.run.settings.RunOrder}, which configurations share a fork
 * ({@link dev.factored.run.settings.ShareForks}), the {@code cores} values ({@code CoresList}), the params
 * ({@link dev.factored.run.settings.Params}), how a result is analysed
 * ({@link dev.factored.run.settings.AnalysisSettings}) and what the gate checks
 * ({@link dev.factored.run.settings.CheckSettings}, its rules as received, {@link dev.factored.run.settings.RuleSpec}).
 * The lowest layer of the application: it depends on no other package of this module.
 */
package dev.factored.run.settings;
