/**
 * The pool and task API that benchmarks write parallel code with, JDK only: the instrumented pool of exactly P workers
 * ({@link dev.factored.forkjoin.FactoredPool}, with its elision and span runs), the tasks
 * ({@link dev.factored.forkjoin.FactoredTask}, {@link dev.factored.forkjoin.RangeBody}), the measured pools of
 * unmodified fork/join code and parallel streams ({@code MeasuredForkJoinPool}, {@code CommonPool},
 * {@code EstimatedIdle}), and the JVM-wide record of every operation that the profiler reads
 * ({@link dev.factored.forkjoin.Ledger}, {@link dev.factored.forkjoin.PoolStats}). Nothing here knows JMH; the
 * profiler's packages and the {@code Cores} state sit above it.
 *
 * <p>May depend on: no other package of this module.
 */
package dev.factored.forkjoin;
