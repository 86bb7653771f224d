/**
 * The machine the forks run on, read from Linux's files: the CPU topology ({@code CpuTopology}, {@code CpuLabels}, and
 * the report {@code TopologyMain} prints, {@link dev.factored.jmh.machine.TopologyReport}), the allowed CPUs
 * ({@code CpuSet}), the order in which configurations take them ({@code PinningOrder}) and the default configurations
 * ({@code DefaultCores}); a fork's pinning ({@code ForkPinning}) and the placement of its threads
 * ({@code ThreadPinning}; {@code JvmThreads} tells the JVM's own threads from the program's); what other processes
 * take from the fork's CPUs ({@code Interference}, {@code ForeignProcesses}); the JIT compilers kept out of the measured
 * time ({@code CompilerQuiet}, {@code CompilerPriority}). A source that is missing leaves its
 * figure out. Nothing here knows JMH.
 *
 * <p>May depend on: {@code dev.factored.forkjoin}.
 */
package dev.factored.jmh.machine;
