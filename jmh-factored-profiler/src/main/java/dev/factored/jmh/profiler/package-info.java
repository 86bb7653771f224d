/**
 * The JMH profiler's two halves, which {@code dev.factored.jmh.FactoredProfiler} holds because JMH takes one class for
 * both, and its options ({@link dev.factored.jmh.profiler.ProfilerOptions}); both read a trial's {@code cores} param
 * once ({@code TrialCores}) and pass the value on. The host half
 * ({@link dev.factored.jmh.profiler.ProfilerHost}) starts each fork pinned, with the host's collector
 * ({@code ForkGc}), a class-data archive ({@code archive.ForkArchive}) and room for the bandwidth test ({@code BandwidthHeap}).
 * The fork half ({@link dev.factored.jmh.profiler.ProfilerFork}) reads, at every iteration boundary, the pools'
 * counters, the JVM's own activity ({@code JvmActivity}) and the machine's ({@code ForkInterference}), chooses the
 * member of a turn's fork ({@code cores=1+2}: {@code ForkTurn}, and the schedule the {@code Cores} state reads,
 * {@link dev.factored.jmh.profiler.Turns}), places the fork's threads ({@code ForkThreads}), samples operations for the activity timeline ({@code ActivitySamples}), turns it all into
 * metrics per operation ({@code IterationMetrics}), chooses which JMH gets ({@code PublishedMetrics}) and says once
 * what makes the numbers mislead.
 *
 * <p>May depend on: {@code dev.factored.jmh.profiler.archive}, {@code dev.factored.jmh.machine},
 * {@code dev.factored.forkjoin},
 * {@code dev.factored.forkjoin.accounting}.
 */
package dev.factored.jmh.profiler;
