package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.forkjoin.accounting.PoolStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The same program gives the same result as the elision, on 1 worker and on P workers. */
class SameResultsTest {

    private static List<FactoredPool> pools;

    @BeforeAll
    static void open() {
        pools = List.of(FactoredPool.elision(), FactoredPool.withWorkers(1), FactoredPool.withWorkers(2),
                FactoredPool.withWorkers(3));
    }

    @AfterAll
    static void close() {
        pools.forEach(FactoredPool::close);
    }

    @Test
    void fib() {
        for (FactoredPool pool : pools) {
            assertEquals(75_025L, pool.invoke(new Programs.Fib(25)), pool.toString());
        }
    }

    @Test
    void mergeSort() {
        int[] input = new Random(7).ints(100_003, -1_000, 1_000).toArray();
        int[] expected = input.clone();
        Arrays.sort(expected);
        for (FactoredPool pool : pools) {
            assertArrayEquals(expected, Programs.MergeSort.sort(pool, input), pool.toString());
        }
    }

    @Test
    void parallelForSum() {
        int n = 200_001;
        long expected = 0;
        for (long i = 0; i < n; i++) {
            expected += i * i;
        }
        for (FactoredPool pool : pools) {
            for (int grain : new int[] {1, 7, 1000, n, 10 * n}) {
                assertEquals(expected, Programs.parallelForSum(pool, n, grain), pool + " grain " + grain);
            }
        }
        for (FactoredPool pool : pools) {
            assertEquals(0L, Programs.parallelForSum(pool, 0, 3), "empty range on " + pool);
        }
    }

    @Test
    void invokeAllOverAList() {
        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 64; i++) {
            expected.add(i * i);
        }
        for (FactoredPool pool : pools) {
            assertEquals(expected, pool.invoke(new Programs.Squares(64)), pool.toString());
        }
    }

    @Test
    void elisionRunsInTheCallerWithNoThreadsAndCountsOperations() {
        FactoredPool elision = pools.get(0);
        PoolStats before = elision.stats();
        Thread caller = Thread.currentThread();
        Thread[] ranOn = new Thread[1];
        elision.invoke(new FactoredTask<Void>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Void compute() {
                forkJoin(IdleAccountingTest.task(() -> ranOn[0] = Thread.currentThread()),
                        IdleAccountingTest.task(() -> { }));
                return null;
            }
        });
        PoolStats counted = elision.stats().minus(before);
        assertEquals(caller, ranOn[0]);
        assertEquals(0, elision.threadsCreated());
        assertEquals(1, counted.counts().operations());
        assertEquals(1, counted.counts().elisionOperations());
        assertEquals(0, counted.times().idleNanos());
        assertEquals(0, counted.counts().forks());
        assertEquals(0, counted.workers());
    }

    @Test
    void countersOfAPoolOperation() {
        FactoredPool pool = pools.get(2);
        PoolStats before = pool.stats();
        pool.invoke(new Programs.Fib(15));
        PoolStats counted = pool.stats().minus(before);
        assertEquals(1, counted.counts().operations());
        assertEquals(0, counted.counts().elisionOperations());
        // fib(15) makes fib(16) - 1 = 986 forkJoin calls, each forking one task.
        assertEquals(986, counted.counts().forks());
        assertEquals(2, counted.workers());
        assertEquals(0, counted.counts().concurrentOperations());
        Stream.of(counted.times().wallNanos(), counted.times().busyNanos(), counted.times().idleNanos())
                .forEach(v -> assertEquals(true, v >= 0, counted.toString()));
    }
}
