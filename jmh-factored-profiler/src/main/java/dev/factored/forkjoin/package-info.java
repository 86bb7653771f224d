/**
 * The pool and task API that benchmarks write parallel code with, JDK only: the instrumented pool of exactly P workers
 * ({@link dev.factored.forkjoin.FactoredPool}, with its elision and span runs and the span's burden, {@code Burden}),
 * the tasks ({@link dev.factored.forkjoin.FactoredTask}, {@link dev.factored.forkjoin.RangeBody}), the measured pools
 * of unmodified fork/join code and parallel streams ({@code MeasuredForkJoinPool}, {@code CommonPool}), and the Linux
 * ids of the pools' workers ({@code WorkerThreads}). The pools write their operations into the accounting below them
 * ({@link dev.factored.forkjoin.accounting}: the JVM-wide record the profiler reads, and the estimated idle time).
 * Nothing here knows JMH; the profiler's packages and the {@code Cores} state sit above it.
 *
 * <p>May depend on: {@code dev.factored.forkjoin.accounting}.
 */
package dev.factored.forkjoin;
