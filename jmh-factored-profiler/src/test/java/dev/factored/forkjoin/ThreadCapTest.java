package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.forkjoin.accounting.PoolStats;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exactly P workers: a ForkJoinPool normally adds compensation threads when a worker blocks in a
 * join; the FactoredPool must not, however deep and unbalanced the joins are.
 */
class ThreadCapTest {

    /**
     * Forks the long rest of a chain and runs a tiny spin itself: the rest is stolen, and the join
     * that follows must wait for the thief, which does the same one level down. Hundreds of nested
     * joins waiting on stolen children, across all workers.
     */
    static final class Chain extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int depth;
        private final transient Set<Thread> seen;

        Chain(int depth, Set<Thread> seen) {
            this.depth = depth;
            this.seen = seen;
        }

        @Override
        protected Long compute() {
            seen.add(Thread.currentThread());
            if (depth == 0) {
                Spin.spin(20_000);
                return 1L;
            }
            Leaf here = new Leaf(5_000, seen);
            Chain rest = new Chain(depth - 1, seen);
            return forkJoin(here, rest, Long::sum);
        }
    }

    static final class Leaf extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final long nanos;
        private final transient Set<Thread> seen;

        Leaf(long nanos, Set<Thread> seen) {
            this.nanos = nanos;
            this.seen = seen;
        }

        @Override
        protected Long compute() {
            seen.add(Thread.currentThread());
            Spin.spin(nanos);
            return 1L;
        }
    }

    /** An unbalanced tree: each node splits its n leaves 1 : 4, so joins wait at very different depths. */
    static final class Skewed extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;
        private final transient Set<Thread> seen;

        Skewed(int n, Set<Thread> seen) {
            this.n = n;
            this.seen = seen;
        }

        @Override
        protected Long compute() {
            seen.add(Thread.currentThread());
            if (n == 1) {
                Spin.spin(2_000);
                return 1L;
            }
            int small = Math.max(1, n / 5);
            // Many siblings at once, too: invokeAll of a small side, the big side and one more leaf.
            List<FactoredTask<Long>> parts = n > 10
                    ? List.of(new Skewed(small, seen), new Skewed(n - small - 1, seen), new Leaf(2_000, seen))
                    : List.of(new Skewed(small, seen), new Skewed(n - small, seen));
            invokeAll(parts);
            return parts.stream().mapToLong(FactoredTask::result).sum();
        }
    }

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void neverMoreThanPWorkersAndNoneAfterClose(int p) throws InterruptedException {
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger maxAlive = new AtomicInteger();
        AtomicLong samples = new AtomicLong();
        String prefix;
        FactoredPool pool = FactoredPool.withWorkers(p);
        try {
            prefix = pool.threadNamePrefix();
            assertEquals(p, pool.threadsCreated(), "all P workers start with the pool");
            String watchedPrefix = prefix;
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    maxAlive.accumulateAndGet(alive(watchedPrefix).size(), Math::max);
                    samples.incrementAndGet();
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "thread-cap-sampler");
            sampler.setDaemon(true);
            sampler.start();
            try {
                for (int round = 0; round < 5; round++) {
                    assertEquals(301L, pool.invoke(new Chain(300, seen)));
                    assertEquals(2_000L, pool.invoke(new Skewed(2_000, seen)));
                }
            } finally {
                sampler.interrupt();
                sampler.join();
            }
            PoolStats stats = pool.stats();
            if (p > 1) {
                assertTrue(stats.counts().steals() > 0, "no steals at P = " + p + ": the joins never waited");
            }
            assertEquals(p, pool.threadsCreated(), "compensation threads were created");
            assertTrue(samples.get() > 0);
            assertTrue(maxAlive.get() <= p, maxAlive.get() + " workers alive at once at P = " + p);
            Set<Thread> workersSeen = seen.stream().filter(t -> t.getName().startsWith(watchedPrefix))
                    .collect(Collectors.toSet());
            assertEquals(seen, workersSeen, "a task ran outside the pool's workers: " + seen);
            assertTrue(seen.size() <= p, seen.size() + " threads ran tasks at P = " + p + ": " + seen);
        } finally {
            pool.close();
        }
        assertEquals(Set.of(), alive(prefix), "workers alive after close");
        assertTrue(!FactoredPool.openPools().contains(pool));
    }

    static Set<String> alive(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(prefix))
                .collect(Collectors.toSet());
    }
}
