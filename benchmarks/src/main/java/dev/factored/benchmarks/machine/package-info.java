/**
 * What the profiler's reading of the machine costs the measurement ({@code InterferenceOverhead}), timed on the
 * programs of the pool benchmarks.
 *
 * <p>May depend on: {@code dev.factored.benchmarks.pool}.
 */
package dev.factored.benchmarks.machine;
