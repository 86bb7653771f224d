package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.forkjoin.accounting.PoolStats;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An exception inside a task reaches the caller of invoke unchanged, after all its siblings. */
class ExceptionTest {

    private static final int DEPTH = 8;              // 256 leaves
    private static final int LEAVES = 1 << DEPTH;

    /** A binary tree of spinning leaves; one leaf throws the prepared exception. */
    static final class Tree extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final int lo;
        private final int hi;
        private final transient Shared shared;

        Tree(int lo, int hi, Shared shared) {
            this.lo = lo;
            this.hi = hi;
            this.shared = shared;
        }

        @Override
        protected Void compute() {
            if (hi - lo == 1) {
                shared.started.incrementAndGet();
                try {
                    Spin.spin(50_000);
                    shared.maybeThrow(lo);
                } finally {
                    shared.finished.incrementAndGet();
                }
                return null;
            }
            int mid = (lo + hi) >>> 1;
            forkJoin(new Tree(lo, mid, shared), new Tree(mid, hi, shared));
            return null;
        }
    }

    static final class Shared {
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger finished = new AtomicInteger();
        final RuntimeException failure = new IllegalArgumentException("deep failure");
        final Error second = new AssertionError("second failure");
        final Thread caller;
        final Set<Integer> throwAt;
        /** Throw only from a leaf that runs on another thread than the root's, i.e. inside a stolen task. */
        final boolean onlyStolen;
        final AtomicBoolean thrown = new AtomicBoolean();
        volatile Thread rootThread;

        Shared(Set<Integer> throwAt, boolean onlyStolen) {
            this.caller = Thread.currentThread();
            this.throwAt = throwAt;
            this.onlyStolen = onlyStolen;
        }

        void maybeThrow(int leaf) {
            if (onlyStolen) {
                if (Thread.currentThread() != rootThread && leaf >= LEAVES / 2 && thrown.compareAndSet(false, true)) {
                    throw failure;
                }
                return;
            }
            if (throwAt.contains(leaf)) {
                thrown.set(true);
                if (leaf == throwAt.stream().min(Integer::compare).orElseThrow()) {
                    throw failure;
                }
                throw second;
            }
        }
    }

    static final class Root extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final transient Shared shared;

        Root(Shared shared) {
            this.shared = shared;
        }

        @Override
        protected Void compute() {
            shared.rootThread = Thread.currentThread();
            forkJoin(new Tree(0, LEAVES / 2, shared), new Tree(LEAVES / 2, LEAVES, shared));
            return null;
        }
    }

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {2, 3})
    void aStolenTasksExceptionReachesTheCallerAfterItsSiblings(int p) throws InterruptedException {
        String prefix;
        try (FactoredPool pool = FactoredPool.withWorkers(p)) {
            prefix = pool.threadNamePrefix();
            boolean thrownFromAThief = false;
            for (int attempt = 0; attempt < 10 && !thrownFromAThief; attempt++) {
                Shared shared = new Shared(Set.of(), true);
                PoolStats before = pool.stats();
                if (shared.thrown.get()) {
                    throw new AssertionError("fresh state");
                }
                try {
                    pool.invoke(new Root(shared));
                } catch (IllegalArgumentException e) {
                    assertSame(shared.failure, e, "the very same exception object");
                    thrownFromAThief = true;
                }
                assertEquals(shared.thrown.get(), thrownFromAThief);
                // Every task of the operation ran to its end before invoke returned or threw.
                assertEquals(LEAVES, shared.started.get());
                assertEquals(LEAVES, shared.finished.get());
                Thread.sleep(20);
                assertEquals(LEAVES, shared.finished.get(), "a task ran after its operation ended");
                assertEquals(1, pool.stats().minus(before).counts().operations());
            }
            assertTrue(thrownFromAThief, "no leaf of the right half ran on a thief in 10 operations");

            // The pool is still usable and gives right answers.
            assertEquals(6765L, pool.invoke(new Programs.Fib(20)));
            int[] sorted = Programs.MergeSort.sort(pool, new int[] {5, 3, 9, 1, 1, 0});
            assertArrayEquals(new int[] {0, 1, 1, 3, 5, 9}, sorted);
        }
        assertEquals(Set.of(), ThreadCapTest.alive(prefix), "workers alive after close");
    }

    @ParameterizedTest(name = "workers = {0}")
    @ValueSource(ints = {0, 1, 2})
    void theSameObjectInEveryModeAndTheOthersAreSuppressed(int workers) {
        try (FactoredPool pool = workers == 0 ? FactoredPool.elision() : FactoredPool.withWorkers(workers)) {
            Shared one = new Shared(Set.of(200), false);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> pool.invoke(new Root(one)));
            assertSame(one.failure, e);

            Shared two = new Shared(Set.of(7, 250), false);
            e = assertThrows(IllegalArgumentException.class, () -> pool.invoke(new Root(two)));
            assertSame(two.failure, e, "the leftmost failure wins, as in the sequential program");
            if (workers > 0) {
                // Both siblings ran to the end, so the second failure is attached, not lost.
                assertEquals(1, e.getSuppressed().length);
                assertSame(two.second, e.getSuppressed()[0]);
            } else {
                // The elision is the sequential program: it stops at the first failure.
                assertEquals(8, two.started.get());
            }
            assertEquals(6765L, pool.invoke(new Programs.Fib(20)));
        }
    }

    @ParameterizedTest(name = "workers = {0}")
    @ValueSource(ints = {0, 1, 2})
    void checkedExceptionsAndErrorsPassUnchanged(int workers) {
        Exception checked = new java.io.IOException("checked, thrown sneakily");
        StackOverflowError error = new StackOverflowError("error");
        try (FactoredPool pool = workers == 0 ? FactoredPool.elision() : FactoredPool.withWorkers(workers)) {
            Throwable got = assertThrows(Throwable.class, () -> pool.invoke(throwing(checked)));
            assertSame(checked, got);
            got = assertThrows(Throwable.class, () -> pool.invoke(throwing(error)));
            assertSame(error, got);
        }
    }

    private static FactoredTask<Void> throwing(Throwable t) {
        return new FactoredTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Void compute() {
                forkJoin(IdleAccountingTest.task(() -> Spin.spin(10_000)), new FactoredTask<Void>() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected Void compute() {
                        throw ExceptionTest.<RuntimeException>sneaky(t);
                    }
                });
                return null;
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
