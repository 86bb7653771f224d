package dev.factored.forkjoin.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Known answers for the states of real fork/join threads, on the JDK that runs the test: a worker with no work, one
 * joining a task another worker runs, one blocked on a monitor, one waiting for a {@code CompletableFuture}, and an
 * outside caller joining a task of the pool. Each is put in its state on purpose and looked at until it is there
 * (a thread takes a moment to park); a state it never reaches fails with what was seen.
 */
class ThreadStatesTest {

    private static ThreadStates.State stateOf(Thread t, ForkJoinPool own) throws InterruptedException {
        ThreadStates.State seen = null;
        for (int i = 0; i < 200; i++) {
            seen = ThreadStates.of(t.getState(), LockSupport.getBlocker(t), own);
            if (seen != ThreadStates.State.RUNNING) {
                return seen;
            }
            Thread.sleep(5);
        }
        return seen;
    }

    @Test
    void aWorkerWithNoWorkAJoinAMonitorAndAFutureAreToldApart() throws Exception {
        ForkJoinPool pool = new ForkJoinPool(3);
        try {
            AtomicReference<Thread> idle = new AtomicReference<>();
            pool.submit(() -> idle.set(Thread.currentThread())).get();
            assertEquals(ThreadStates.State.NO_WORK, stateOf(idle.get(), pool));

            CountDownLatch release = new CountDownLatch(1);
            Object monitor = new Object();
            CompletableFuture<Void> future = new CompletableFuture<>();
            AtomicReference<Thread> blocked = new AtomicReference<>();
            AtomicReference<Thread> waiting = new AtomicReference<>();
            synchronized (monitor) {
                pool.execute(() -> {
                    blocked.set(Thread.currentThread());
                    synchronized (monitor) {
                        monitor.notifyAll();
                    }
                });
                pool.execute(() -> {
                    waiting.set(Thread.currentThread());
                    future.join();
                });
                while (blocked.get() == null || waiting.get() == null) {
                    Thread.sleep(1);
                }
                assertEquals(ThreadStates.State.BLOCKED, stateOf(blocked.get(), pool));
                // A CompletableFuture's waiter is a fork/join task of the JDK's (a Completion): a wait for a result.
                assertEquals(ThreadStates.State.JOIN, stateOf(waiting.get(), pool));
            }
            future.complete(null);

            ForkJoinTask<?> longTask = ForkJoinTask.adapt(() -> awaitQuietly(release));
            AtomicReference<Thread> joiner = new AtomicReference<>();
            pool.execute(() -> {
                longTask.fork();
                try {
                    Thread.sleep(50); // let another worker take it, so that the join cannot run it here
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                joiner.set(Thread.currentThread());
                longTask.join();
            });
            while (joiner.get() == null) {
                Thread.sleep(1);
            }
            ThreadStates.State joining = stateOf(joiner.get(), pool);
            AtomicReference<ThreadStates.State> caller = new AtomicReference<>();
            Thread main = Thread.currentThread();
            Thread looker = new Thread(() -> {
                try {
                    caller.set(stateOf(main, null));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    release.countDown();
                }
            });
            looker.start();
            longTask.join(); // the caller waits for the pool, as Cores.call's caller does
            looker.join();
            assertEquals(ThreadStates.State.JOIN, joining, "a worker joining a task another worker runs");
            assertEquals(ThreadStates.State.JOIN, caller.get(), "a caller joining a task of the pool");
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static Void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Test
    void lookCountsEveryThreadOnceInItsState() throws Exception {
        long[] before = ThreadStates.counts();
        ThreadStates.look(java.util.List.of(Thread.currentThread()));
        long[] after = ThreadStates.counts();
        assertEquals(1, after[ThreadStates.State.RUNNING.ordinal()] - before[ThreadStates.State.RUNNING.ordinal()]);
    }
}
