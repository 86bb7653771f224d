package dev.factored.jmh.profiler;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;

/**
 * One garbage collector for every fork. The JVM picks its collector from the CPUs it sees: pinned to one CPU
 * it takes Serial, with two or more G1. Left alone, the baseline, elision, span and one-worker forks would then
 * run Serial and the P ≥ 2 forks G1, and the difference would show up as work inflation: measured here, a sweep
 * over a 512 KB {@code long[]} took 0.9 ms under Serial and 1.9 ms under G1 (issue 9's "bandwidth" slowdown was
 * this). So every fork gets the collector the unpinned host JVM chose, unless the benchmark's own JVM
 * arguments name one.
 */
final class ForkGc {

    private ForkGc() {
    }

    /** The collector option for a fork, or none when the fork's arguments already choose one. */
    static List<String> jvmOptions(Collection<String> forkJvmArgs, String hostCollectorOption) {
        if (hostCollectorOption == null) {
            return List.of();
        }
        for (String arg : forkJvmArgs) {
            if (arg.matches("-XX:\\+Use\\w*GC")) {
                return List.of();
            }
        }
        return List.of(hostCollectorOption.split(" ")); // generational ZGC on JDK 21-22 takes two options
    }

    /**
     * The option(s) that select this JVM's collector, e.g. {@code -XX:+UseG1GC}, space-separated; null when it is
     * not known. A fork started on another JDK (JMH's {@code -jvm}) may not know the host's collector: choose one
     * in the benchmark's JVM arguments then.
     */
    static String ofThisJvm() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String option = optionFor(gc.getName());
            if (option != null) {
                return option;
            }
        }
        return null;
    }

    /** The option for a collector bean's name, or null for a name this version does not know. */
    static String optionFor(String beanName) {
        if (beanName.startsWith("G1 ")) {
            return "-XX:+UseG1GC";
        }
        if (beanName.equals("Copy") || beanName.equals("MarkSweepCompact")) {
            return "-XX:+UseSerialGC";
        }
        if (beanName.startsWith("PS ")) {
            return "-XX:+UseParallelGC";
        }
        if (beanName.startsWith("ZGC Minor") || beanName.startsWith("ZGC Major")) {
            // Generational ZGC: the default of -XX:+UseZGC from JDK 23 on, an extra flag on 21 and 22.
            return Runtime.version().feature() >= 23 ? "-XX:+UseZGC" : "-XX:+UseZGC -XX:+ZGenerational";
        }
        if (beanName.startsWith("ZGC")) {
            return "-XX:+UseZGC";
        }
        if (beanName.startsWith("Shenandoah")) {
            return "-XX:+UseShenandoahGC";
        }
        return null;
    }
}
