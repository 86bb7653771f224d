/**
 * The one application layer both front ends call, and what they hand it: {@link dev.factored.run.Commands}, every
 * command of the Maven goals and of the CLI once; the run's sequence ({@link dev.factored.run.SuiteRun}: list, choose,
 * run JMH, analyse) with its {@link dev.factored.run.Project} and {@link dev.factored.run.RunSettings} (the JMH
 * command line's settings, {@link dev.factored.run.JmhSettings}, among them); the rounds after the planned ones
 * ({@code MoreRounds}, with the warm-up they learn, {@code LearnedWarmup}, and a turn's fork for its members',
 * {@code TurnRequests}); the analysis step
 * ({@link dev.factored.run.AnalysisStep}) and the gate's ({@link dev.factored.run.CheckStep}); the class path JMH gets
 * ({@code ForkClasspath}); and where their messages go ({@link dev.factored.run.RunLog}).
 *
 * <p>Packages depend one way, each only on those below it (ArchitectureTest keeps it so):
 * <ol>
 * <li>{@link dev.factored.run.settings}: the named settings, their spelling in each front end, their defaults and
 * the parsed values of the settings every command shares;</li>
 * <li>{@link dev.factored.run.jmh}: JMH's side of a run (its arguments and timing, the argfile, the process, its
 * listing and its progress);</li>
 * <li>this package.</li>
 * </ol>
 *
 * <p>May depend on: {@code dev.factored.run.jmh}, {@code dev.factored.run.settings}.
 */
package dev.factored.run;
