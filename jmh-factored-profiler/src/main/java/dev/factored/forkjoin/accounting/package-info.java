/**
 * The accounting behind the pools, JDK only: the JVM-wide record of every operation that the profiler reads
 * ({@link dev.factored.forkjoin.accounting.Ledger}, its counters {@link dev.factored.forkjoin.accounting.PoolStats}
 * and {@link dev.factored.forkjoin.accounting.SpanStats}), the idle time of unmodified fork/join code estimated from
 * the threads' CPU time ({@link dev.factored.forkjoin.accounting.EstimatedIdle}, over {@code CountedThreads}), what
 * those threads were doing off the CPU ({@code ThreadStates}) and the collectors' pause time ({@code GcPauses}). The
 * pools above write into it through what it makes public for them; it knows no pool.
 *
 * <p>May depend on: no other package of this module.
 */
package dev.factored.forkjoin.accounting;
