/**
 * The names users write, each thin over the package that does its work: what a benchmark takes
 * ({@link dev.factored.jmh.Cores}, the JMH state with the {@code cores} configuration and its pool; beside it
 * {@code AsWritten} and {@code Unprofiled}, what it says where nothing is measured, {@code Copies}, the bandwidth
 * test's copies of the baseline, and {@code InTurn}, the configurations of a turn, {@code cores=1+2}), the JMH profiler as JMH names it ({@link dev.factored.jmh.FactoredProfiler}), and
 * the two programs: {@link dev.factored.jmh.Rounds}, the rounds runner in place of JMH's {@code Main}, and
 * {@link dev.factored.jmh.TopologyMain}, the machine's topology. Their names are contracts: users' POMs, scripts and
 * benchmarks name them.
 *
 * <p>The profiler's packages depend one way, each only on those below it: this one; {@code rounds}, the rounds runner;
 * {@code profiler}, the profiler's host and fork halves; {@code machine}, the CPU topology, pinning, thread placement
 * and interference; {@link dev.factored.forkjoin}, the pool and task API; {@link dev.factored.forkjoin.accounting},
 * the pools' accounting. The tests' ArchitectureTest holds each package to the sentence below.
 *
 * <p>May depend on: {@code dev.factored.jmh.rounds}, {@code dev.factored.jmh.profiler},
 * {@code dev.factored.jmh.machine}, {@code dev.factored.forkjoin}, {@code dev.factored.forkjoin.accounting}.
 */
package dev.factored.jmh;
