/**
 * The rounds runner behind {@code dev.factored.jmh.Rounds}: a JMH suite in randomized interleaved rounds ({@link
 * dev.factored.jmh.rounds.SuiteRounds}). The configurations JMH would run ({@code SuiteConfiguration}), their shuffled
 * plan ({@code RoundPlan}), a fork of configurations in turn for its members' and their forks apart when it fails
 * ({@code TurnForks}), one JMH run per fork with the options they share ({@code SharedOptions}) and an output that
 * speaks of the suite ({@code RoundOutput}, {@code RoundProgress}), the runner's own news as events for the run that
 * started it or as sentences for a person ({@code RoundChannel}, {@code RoundSentences}), the forks merged into the
 * result JMH would give ({@code RoundResults}), the forks the analysis would drop spared ({@code SparedForks}), the
 * activity files of each fork ({@code ForkActivity}) and JMH's lock held for the whole suite ({@code SuiteLock}). It
 * starts the profiler by name, through JMH; of the profiler it reads only the host's activity directories and family
 * key.
 *
 * <p>May depend on: {@code dev.factored.jmh.profiler}, {@code dev.factored.jmh.machine},
 * {@code dev.factored.forkjoin}.
 */
package dev.factored.jmh.rounds;
