package dev.factored.forkjoin.accounting;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * What the threads of unmodified parallel code were doing while they were off the CPU: a daemon thread looks at
 * every counted thread ({@link CountedThreads}: the common pool's, the measured pools' workers, the callers of
 * {@code Cores.call}) every {@value #PERIOD_MILLIS} ms while an operation runs, and counts each one's state. CPU
 * time says how long the threads were off the CPU; the states say why, which the estimate of idle time cannot:
 * a worker parked in its own pool had no work, a thread parked on a {@link ForkJoinTask} waited for a result (a
 * join; a caller waiting for the pool; a {@code CompletableFuture}'s {@code join} or {@code get}, whose waiter is one of
 * the JDK's fork/join tasks), and one blocked on a monitor, parked on anything else (a lock, a queue) or sleeping was
 * blocked. The JDK parks a worker that has no work with its pool
 * as the blocker ({@link LockSupport#getBlocker}), on JDK 17 and 25 alike.
 *
 * <p>The cost: one wake-up per period, about 10–20 µs of one CPU here (0.1–0.2 % of it), and nothing in the
 * threads it looks at. A sample is a share of time only on average: with a period of {@value #PERIOD_MILLIS} ms
 * an iteration of 1 s gives 100 looks per thread.
 */
public final class ThreadStates {

    static final long PERIOD_MILLIS = 10;

    /** What a thread was doing when looked at. */
    public enum State {
        /** Runnable: on a CPU, or waiting for one (descheduled). */
        RUNNING,
        /** A worker parked in its own pool: no work reached it. */
        NO_WORK,
        /** Parked on a fork/join task: waiting for a result (a join, a CompletableFuture). */
        JOIN,
        /** Blocked on a monitor, parked on something else (a lock, a queue), waiting or sleeping. */
        BLOCKED
    }

    private static final AtomicLongArray COUNTS = new AtomicLongArray(State.values().length);
    private static Thread sampler;
    private static volatile boolean paused;

    private ThreadStates() {
    }

    /**
     * The state of {@code thread} now, or null when it is not alive; {@code ownPool} is the pool it works for
     * (null for a caller).
     */
    static State of(Thread.State state, Object blocker, ForkJoinPool ownPool) {
        return switch (state) {
            case RUNNABLE -> State.RUNNING;
            case BLOCKED -> State.BLOCKED; // the blocker of a thread on a monitor can be a stale one of a park
            case WAITING, TIMED_WAITING -> blocker != null && blocker == ownPool ? State.NO_WORK
                    : blocker instanceof ForkJoinTask<?> ? State.JOIN : State.BLOCKED;
            default -> null;
        };
    }

    /** Starts looking, once per JVM; later calls do nothing. */
    public static synchronized void start() {
        if (sampler != null) {
            return;
        }
        sampler = new Thread(ThreadStates::run, "factored-thread-states");
        sampler.setDaemon(true);
        sampler.start();
    }

    /**
     * Stops the looks (the looking thread parks and never wakes) or lets them go on: for {@code WrapOverheadPaired},
     * which measures what they cost the operations beside them.
     */
    public static void paused(boolean pause) {
        paused = pause;
        Thread t;
        synchronized (ThreadStates.class) {
            t = sampler;
        }
        if (!pause && t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Looks taken so far in each state, indexed by {@link State#ordinal()}. */
    public static long[] counts() {
        long[] c = new long[COUNTS.length()];
        for (int i = 0; i < c.length; i++) {
            c[i] = COUNTS.get(i);
        }
        return c;
    }

    private static void run() {
        List<Thread> threads = List.of();
        int refresh = 0;
        while (true) {
            while (paused) {
                LockSupport.park(ThreadStates.class);
            }
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            // Wrapped code: only while an operation runs (between them the workers wait for the next by design).
            // Code that hands work to Cores.forkJoinPool() unwrapped has no operations: the whole iteration counts.
            if (EstimatedIdle.anyRan() && !EstimatedIdle.inFlight()) {
                continue;
            }
            if (refresh-- <= 0) {
                threads = CountedThreads.withCallers();
                refresh = 10;
            }
            look(threads);
        }
    }

    static void look(List<Thread> threads) {
        for (Thread t : threads) {
            ForkJoinPool own = t instanceof ForkJoinWorkerThread w ? w.getPool() : null;
            State s = of(t.getState(), LockSupport.getBlocker(t), own);
            if (s != null) {
                COUNTS.incrementAndGet(s.ordinal());
            }
        }
    }
}
