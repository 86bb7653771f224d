package dev.factored.forkjoin.accounting;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The CPU time of the threads that run unmodified parallel code: the common pool's workers (its spares included),
 * the workers of every open {@link dev.factored.forkjoin.MeasuredForkJoinPool} (each tells {@link #measured}), and the
 * threads that called {@code Cores.call} (the callers, which join in with a parallel stream). Read at the ends of a
 * measurement interval (a JMH iteration, or a test's operation), and per operation only of operations long enough to
 * pay for it ({@link EstimatedIdle}): reading a thread's CPU time is a system call, about 1–2 µs each on this
 * project's KVM machines, and an operation of 20 µs paid 6 µs for reading the workers at both of its ends and 4.8 µs
 * for reading its caller's ({@code benchmarks/WrapOverheadPaired}). A worker does little between back-to-back
 * operations, so its CPU time over the interval is about the time it worked for them; between operations JMH does not
 * measure (a {@code Level.Invocation} setup's sleep) it spins before it parks, which only the per-operation readings
 * leave out. A caller runs the benchmark's own code between them, which {@link PoolStats#minus} takes out.
 */
public final class CountedThreads {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The threads seen so far and their CPU time at the last reading. */
    private static final Map<Thread, Long> LAST = new HashMap<>();
    /** CPU time of threads that ended since they were first seen, as of their last reading. */
    private static long retired;
    /**
     * The last CPU time of the workers of measured pools shut down since the last reading: read before they end, so
     * that the reading after their pool's last iteration still has their work (JMH closes the pools inside that
     * iteration, before the profiler reads).
     */
    private static final Map<Thread, Long> ENDED = new HashMap<>();
    /** Workers that ended since the last reading: their work after the last operation that read them is not known. */
    private static final Set<Thread> ENDED_SINCE = new HashSet<>();
    /** The measured pools' steal counts at the last reading, and those of pools closed since. */
    private static final Map<ForkJoinPool, Long> LAST_STEALS = new HashMap<>();
    private static long retiredSteals;
    /** The threads that called an estimated operation in which they work, and the latest of them (a cheap check). */
    private static final Map<Thread, Long> CALLERS = new HashMap<>();
    private static volatile Thread lastCaller;
    private static long retiredCallers;
    /** The open measured pools and their workers, as the pools tell them ({@link #measured}, {@link #closed}). */
    private static final Map<ForkJoinPool, List<Thread>> MEASURED = new ConcurrentHashMap<>();
    /** The workers (not the callers) the last reading found: an operation long enough reads them at its ends. */
    private static volatile Thread[] workers = new Thread[0];

    static {
        if (THREADS.isThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    private CountedThreads() {
    }

    /** Whether this JVM can measure the CPU time of other threads. */
    public static boolean supported() {
        return THREADS.isThreadCpuTimeSupported();
    }

    /** A thread that ran work, its CPU time (ns) in an interval, and whether it is a common-pool thread. */
    public record Share(String name, long cpuNanos, boolean common) {
    }

    /**
     * Each counted thread's CPU time now, and the sum of all counted threads' CPU time since the JVM started (ended
     * threads as of their last reading: the moments between that and their end are lost); the tasks the common pool
     * and the measured pools ran that were not forked by the thread that ran them, since the JVM started
     * ({@link ForkJoinPool#getStealCount()}, closed pools as of their last reading); the callers' CPU time since the
     * JVM started (ended callers as of their last reading), the {@link System#nanoTime()} of the reading, and whether
     * the workers alive are those the previous reading found, none ended since ({@code sameWorkers}: then the
     * operations in between that read {@link #workers()} at their ends read them all).
     */
    public record Reading(Map<Thread, Long> cpu, long cumulativeNanos, long steals, long callerNanos,
                          long atNanos, boolean sameWorkers) {

        /** What each thread alive at {@code later} ran since this reading (a thread new since then: all of it). */
        public List<Share> sharesUntil(Reading later) {
            List<Share> shares = new ArrayList<>();
            ForkJoinPool common = ForkJoinPool.commonPool();
            later.cpu.forEach((t, after) -> {
                long ran = after - cpu.getOrDefault(t, 0L);
                if (ran > 0) {
                    shares.add(new Share(t.getName(), ran,
                            t instanceof ForkJoinWorkerThread w && w.getPool() == common));
                }
            });
            return shares;
        }
    }

    /** The counted threads' CPU time now. */
    public static synchronized Reading read() {
        Map<Thread, Long> now = new HashMap<>(ENDED);
        ENDED.clear();
        List<Thread> alive = threads();
        boolean sameWorkers = ENDED_SINCE.isEmpty() && Set.copyOf(Arrays.asList(workers)).equals(Set.copyOf(alive));
        ENDED_SINCE.clear();
        workers = alive.toArray(Thread[]::new);
        for (Thread t : alive) {
            long cpu = cpu(t);
            if (cpu >= 0) {
                now.put(t, cpu);
            }
        }
        for (Iterator<Map.Entry<Thread, Long>> it = LAST.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Thread, Long> e = it.next();
            if (!now.containsKey(e.getKey())) {
                retired += e.getValue();
                it.remove();
            }
        }
        long sum = retired;
        for (Map.Entry<Thread, Long> e : now.entrySet()) {
            LAST.put(e.getKey(), e.getValue());
            sum += e.getValue();
        }
        return new Reading(Map.copyOf(now), sum, steals(), callers(), System.nanoTime(), sameWorkers);
    }

    /**
     * Counts {@code caller} as a thread that works in the operations it calls, from now on. Called per operation:
     * after the first call of a thread it costs one volatile read.
     */
    static void caller(Thread caller) {
        if (lastCaller == caller) {
            return;
        }
        synchronized (CountedThreads.class) {
            if (!CALLERS.containsKey(caller)) {
                long cpu = Math.max(0, cpu(caller));
                CALLERS.put(caller, cpu);
                retiredCallers -= cpu; // only what it runs from now on counts
            }
            lastCaller = caller;
        }
    }

    /** The callers' CPU time since they were first counted (ended callers: as of their last reading). */
    private static long callers() {
        long sum = retiredCallers;
        for (Iterator<Map.Entry<Thread, Long>> it = CALLERS.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Thread, Long> e = it.next();
            long cpu = e.getKey().isAlive() ? cpu(e.getKey()) : -1;
            if (cpu < 0) {
                retiredCallers += e.getValue();
                sum += e.getValue();
                it.remove();
            } else {
                e.setValue(cpu);
                sum += cpu;
            }
        }
        return sum;
    }

    private static long steals() {
        Map<ForkJoinPool, Long> now = new HashMap<>();
        now.put(ForkJoinPool.commonPool(), ForkJoinPool.commonPool().getStealCount());
        for (ForkJoinPool pool : MEASURED.keySet()) {
            now.put(pool, pool.getStealCount());
        }
        for (Iterator<Map.Entry<ForkJoinPool, Long>> it = LAST_STEALS.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<ForkJoinPool, Long> e = it.next();
            if (!now.containsKey(e.getKey())) {
                retiredSteals += e.getValue();
                it.remove();
            }
        }
        LAST_STEALS.putAll(now);
        long sum = retiredSteals;
        for (long s : now.values()) {
            sum += s;
        }
        return sum;
    }

    /**
     * Counts a measured pool, opened with all its workers started: its workers' CPU time and its steals, until it
     * closes. {@code workers} is the pool's own list of its threads, which it may still add to.
     */
    public static void measured(ForkJoinPool pool, List<Thread> workers) {
        MEASURED.put(pool, workers);
    }

    /** Stops counting a measured pool that closes (its workers' CPU time is kept by {@link #ending}). */
    public static void closed(ForkJoinPool pool) {
        MEASURED.remove(pool);
    }

    /** Keeps the CPU time of a measured pool's workers now, before they end with their pool. */
    public static synchronized void ending(List<Thread> ending) {
        for (Thread t : ending) {
            long cpu = cpu(t);
            if (cpu >= 0) {
                ENDED.put(t, cpu);
                ENDED_SINCE.add(t);
            }
        }
    }

    /** The workers the last reading found, for an operation that reads them at both of its ends. */
    static Thread[] workers() {
        return workers;
    }

    /** The summed CPU time of these threads now; -1 when one of them cannot say (it ended). */
    static long cpuOf(Thread[] threads) {
        long sum = 0;
        for (Thread t : threads) {
            long cpu = cpu(t);
            if (cpu < 0) {
                return -1;
            }
            sum += cpu;
        }
        return sum;
    }

    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number on 17
    private static long cpu(Thread t) {
        return THREADS.getThreadCpuTime(t.getId());
    }

    /** The counted threads alive now: the common pool's, the open measured pools' workers and the callers. */
    static List<Thread> withCallers() {
        List<Thread> all = threads();
        synchronized (CountedThreads.class) {
            for (Thread t : CALLERS.keySet()) {
                if (t.isAlive()) {
                    all.add(t);
                }
            }
        }
        return all;
    }

    /** The common pool's threads and the open measured pools' workers, alive now. */
    private static List<Thread> threads() {
        List<Thread> found = new ArrayList<>();
        ForkJoinPool common = ForkJoinPool.commonPool();
        if (common.getPoolSize() > 0) {
            ThreadGroup root = Thread.currentThread().getThreadGroup();
            while (root.getParent() != null) {
                root = root.getParent();
            }
            Thread[] all = new Thread[root.activeCount() + 16];
            int n = root.enumerate(all, true);
            for (int i = 0; i < n; i++) {
                if (all[i] instanceof ForkJoinWorkerThread w && w.getPool() == common && w.isAlive()) {
                    found.add(w);
                }
            }
        }
        for (List<Thread> workers : MEASURED.values()) {
            for (Thread t : workers) {
                if (t.isAlive()) {
                    found.add(t);
                }
            }
        }
        return found;
    }
}
