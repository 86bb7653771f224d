package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.MeasuredForkJoinPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Pools adopted as they were (issue 26, item 6): {@code Cores.forkJoinPool(n, factory, handler, asyncMode)} keeps the
 * scheduling mode, the factory's threads and the handler of the pool it replaces, and only the number of workers is
 * the configuration's. OpenJDK's {@code new ForkJoinPool(n, defaultForkJoinWorkerThreadFactory, null, true)} stays
 * FIFO: forked tasks that nobody joins run in the order they were submitted.
 */
class AdoptedPoolTest {

    @Test
    void asyncModeStaysFifoUnderTheProfiler() throws Exception {
        withCores("1", () -> {
            ForkJoinPool pool = Cores.forkJoinPool(4, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);
            try {
                assertInstanceOf(MeasuredForkJoinPool.class, pool);
                assertTrue(pool.getAsyncMode(), "asyncMode kept");
                assertEquals(1, pool.getParallelism(), "the configuration's workers, not the code's 4");
                assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), order(pool), "FIFO");
            } finally {
                MeasuredForkJoinPool.closeAll();
            }
            ForkJoinPool lifo = Cores.forkJoinPool(4);
            try {
                assertFalse(lifo.getAsyncMode());
                assertEquals(List.of(7, 6, 5, 4, 3, 2, 1, 0), order(lifo), "LIFO, as new ForkJoinPool(4) is");
            } finally {
                MeasuredForkJoinPool.closeAll();
            }
        });
    }

    @Test
    void theFactorysThreadsAndTheHandlerAreKept() throws Exception {
        withCores("2", () -> {
            Set<String> names = ConcurrentHashMap.newKeySet();
            ForkJoinPool.ForkJoinWorkerThreadFactory factory = p -> {
                ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                t.setName("users-own-" + names.size());
                names.add(t.getName());
                return t;
            };
            List<Throwable> uncaught = new CopyOnWriteArrayList<>();
            ForkJoinPool pool = Cores.forkJoinPool(8, factory, (t, e) -> uncaught.add(e), false);
            try {
                assertEquals(2, pool.getParallelism());
                assertEquals(Set.of("users-own-0", "users-own-1"), names);
                assertTrue(pool.getUncaughtExceptionHandler() != null);
                Set<String> ran = ConcurrentHashMap.newKeySet();
                pool.submit(() -> ran.add(Thread.currentThread().getName())).join();
                assertTrue(names.containsAll(ran), ran + " ran on the factory's threads " + names);
            } finally {
                MeasuredForkJoinPool.closeAll();
            }
        });
    }

    @Test
    void aFactoryThatMakesTooFewThreadsIsRefusedWithTheFix() throws Exception {
        withCores("2", () -> {
            int[] calls = {0};
            ForkJoinPool.ForkJoinWorkerThreadFactory stingy = p -> calls[0]++ == 0
                    ? ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p) : null;
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Cores.forkJoinPool(2, stingy, null, false));
            assertTrue(e.getMessage().contains("needs exactly 2 workers"), e.getMessage());
            assertTrue(e.getMessage().contains("defaultForkJoinWorkerThreadFactory"), e.getMessage());
        });
    }

    @Test
    void withoutTheProfilerItIsThePoolTheCodeHad() {
        String saved = System.clearProperty(CoresValue.PROPERTY);
        try {
            ForkJoinPool pool = Cores.forkJoinPool(3, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);
            try {
                assertFalse(pool instanceof MeasuredForkJoinPool);
                assertEquals(3, pool.getParallelism());
                assertTrue(pool.getAsyncMode());
            } finally {
                pool.shutdownNow();
            }
            assertThrows(IllegalArgumentException.class, () -> Cores.forkJoinPool(0));
        } finally {
            if (saved != null) {
                System.setProperty(CoresValue.PROPERTY, saved);
            }
        }
    }

    /**
     * The order in which eight tasks forked by one task run on a pool of one worker (the others are blocked), which
     * is the pool's mode: FIFO or LIFO.
     */
    private static List<Integer> order(ForkJoinPool pool) throws InterruptedException {
        List<Integer> ran = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(8);
        pool.execute(() -> {
            for (int i = 0; i < 8; i++) {
                int n = i;
                java.util.concurrent.ForkJoinTask.adapt(() -> {
                    ran.add(n);
                    done.countDown();
                }).fork();
            }
        });
        assertTrue(done.await(10, TimeUnit.SECONDS));
        return new ArrayList<>(ran);
    }

    interface Body {
        void run() throws Exception;
    }

    private static void withCores(String value, Body body) throws Exception {
        String saved = System.setProperty(CoresValue.PROPERTY, value);
        try {
            body.run();
        } finally {
            if (saved == null) {
                System.clearProperty(CoresValue.PROPERTY);
            } else {
                System.setProperty(CoresValue.PROPERTY, saved);
            }
        }
    }
}
