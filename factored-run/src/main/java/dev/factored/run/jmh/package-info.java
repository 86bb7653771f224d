/**
 * JMH's side of a run: its free-form arguments, read by JMH's own parser ({@link dev.factored.run.jmh.JmhArguments}),
 * and how long it measures ({@link dev.factored.run.jmh.Timing}); the {@code java @argfile} that starts it
 * ({@code Argfile}) and the process that runs it ({@code JmhProcess}); the benchmarks it lists
 * ({@code BenchmarkListing}), the JMH on the benchmarks' classpath ({@code JmhOnClasspath}) and its output turned into
 * progress lines and failed configurations ({@code JmhProgress}). Knows nothing of the run's
 * sequence.
 *
 * <p>May depend on: {@code dev.factored.run.settings}.
 */
package dev.factored.run.jmh;
