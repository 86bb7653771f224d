package dev.factored.forkjoin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Linux thread ids of the pools' workers, so that the profiler can tell, among the JVM's threads in
 * {@code /proc/self/task}, which ones hold the operation's tasks. Java 17 has no accessor for a thread's native id;
 * a thread reads its own from the {@code /proc/thread-self} link, once, when it starts. Elsewhere nothing is
 * registered and nothing fails.
 */
public final class WorkerThreads {

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Set<Long> TIDS = ConcurrentHashMap.newKeySet();

    private WorkerThreads() {
    }

    /** Registers the calling thread as a worker; a no-op where /proc is missing. */
    static void registerCurrent() {
        try {
            // the link reads "<pid>/task/<tid>"
            String link = Files.readSymbolicLink(THREAD_SELF).toString();
            TIDS.add(Long.parseLong(link.substring(link.lastIndexOf('/') + 1)));
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: the profiler then has no interference figures either
        }
    }

    /** Whether the thread with this Linux id registered as a worker of a pool of this JVM. */
    public static boolean isWorker(long tid) {
        return TIDS.contains(tid);
    }
}
