package dev.factored.forkjoin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Linux thread ids of the pools' live workers, so that the profiler can tell, among the JVM's threads in
 * {@code /proc/self/task}, which ones hold the operation's tasks. Java 17 has no accessor for a thread's native id;
 * a thread reads its own from the {@code /proc/thread-self} link, once, when it starts, and forgets it when it ends:
 * Linux reuses the ids of ended threads, and a later thread with a reused id is no worker. Elsewhere nothing is
 * registered and nothing fails.
 */
public final class WorkerThreads {

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Set<Long> TIDS = ConcurrentHashMap.newKeySet();
    /** The calling worker's id as registered; -1 when it has none (not Linux, or not a worker). */
    private static final ThreadLocal<Long> OWN = ThreadLocal.withInitial(() -> -1L);

    private WorkerThreads() {
    }

    /** Registers the calling thread as a worker; a no-op where /proc is missing. */
    static void registerCurrent() {
        try {
            // the link reads "<pid>/task/<tid>"
            String link = Files.readSymbolicLink(THREAD_SELF).toString();
            long tid = Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
            TIDS.add(tid);
            OWN.set(tid);
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: the profiler then has no interference figures either
        }
    }

    /** Forgets the calling worker's id; called when it ends, before Linux can give the id to another thread. */
    static void unregisterCurrent() {
        long tid = OWN.get();
        if (tid >= 0) {
            TIDS.remove(tid);
        }
        OWN.remove();
    }

    /** The ids registered now, for tests. */
    static Set<Long> registered() {
        return Set.copyOf(TIDS);
    }

    /** Whether the thread with this Linux id registered as a worker of a pool of this JVM. */
    public static boolean isWorker(long tid) {
        return TIDS.contains(tid);
    }
}
