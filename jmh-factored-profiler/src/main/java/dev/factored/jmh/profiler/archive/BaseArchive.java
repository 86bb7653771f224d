package dev.factored.jmh.profiler.archive;

import java.util.Collection;

/**
 * Whether a fork's JVM maps a base class-data archive, the JDK's default one ({@code lib/server/classes.jsa}, and
 * {@code classes_nocoops.jsa} for a heap without compressed oops). {@code -XX:ArchiveClassesAtExit} writes a dynamic
 * archive on top of it, and a JVM that has none refuses to start: "DynamicDumpSharedSpaces is unsupported when base
 * CDS archive is not loaded" (issue 33: every profiled fork failed on a runtime made with jlink, which has no base
 * archive until {@code java -Xshare:dump} is run in it).
 */
@FunctionalInterface
interface BaseArchive {

    /** For tests of what follows from the answer: every JVM has a base archive. */
    BaseArchive PRESENT = (jvm, forkOptions) -> null;

    /**
     * @param jvm         the fork's java binary
     * @param forkOptions the fork's JVM options (those that choose the heap's layout choose the archive too)
     * @return null when that JVM maps a base archive, else why it does not
     */
    String missingBecause(String jvm, Collection<String> forkOptions);

    /** Asks the JVM itself, once per java binary and host JVM ({@link BaseArchiveQuestion}). */
    static BaseArchive askingTheJvm() {
        return BaseArchiveQuestion::answer;
    }
}
