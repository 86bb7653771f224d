package dev.factored.forkjoin;

import dev.factored.contract.CoresValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Wrong use gets a clear error that says what to do instead. */
class MisuseTest {

    /** The message, or the message of its cause: a join() in another thread may wrap the exception. */
    private static String messageOf(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c.getMessage()).append(" | ");
        }
        return sb.toString();
    }

    private static void assertHowTo(Throwable e) {
        assertTrue(e instanceof IllegalStateException, "not an IllegalStateException: " + e);
        String message = messageOf(e);
        assertTrue(message.contains("FactoredPool.invoke") && message.contains("forkJoin"), message);
    }

    @Test
    void forkOutsideThePool() {
        Programs.Fib task = new Programs.Fib(10);
        task.fork();   // goes to the common pool: ForkJoinTask.fork() is final, it cannot refuse
        assertHowTo(assertThrows(RuntimeException.class, task::join));
    }

    @Test
    void invokeOutsideThePool() {
        assertHowTo(assertThrows(RuntimeException.class, () -> new Programs.Fib(10).invoke()));
    }

    @Test
    void submittedToAPlainForkJoinPool() {
        ForkJoinPool plain = new ForkJoinPool(1);
        try {
            RuntimeException e = assertThrows(RuntimeException.class, () -> plain.invoke(new Programs.Fib(10)));
            assertHowTo(e);
            assertTrue(messageOf(e).contains("plain ForkJoinPool"), messageOf(e));
        } finally {
            plain.shutdownNow();
        }
    }

    @Test
    void forkAndJoinInsideTheFactoredPool() {
        try (FactoredPool pool = FactoredPool.withWorkers(2)) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> pool.invoke(new FactoredTask<Long>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected Long compute() {
                    Programs.Fib left = new Programs.Fib(12);
                    left.fork();
                    return new Programs.Fib(11).compute() + left.join();
                }
            }));
            assertHowTo(e);
            assertTrue(messageOf(e).contains("inside a FactoredPool"), messageOf(e));
            assertEquals(233L, pool.invoke(new Programs.Fib(13)), "still usable");
        }
    }

    @ParameterizedTest(name = "workers = {0}")
    @ValueSource(ints = {0, 2})
    void inheritedInvokeAllFormsAreHiddenAndWork(int workers) {
        try (FactoredPool pool = workers == 0 ? FactoredPool.elision() : FactoredPool.withWorkers(workers)) {
            long sum = pool.invoke(new FactoredTask<Long>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected Long compute() {
                    Programs.Fib a = new Programs.Fib(10);
                    Programs.Fib b = new Programs.Fib(11);
                    invokeAll(a, b);                       // ForkJoinTask.invokeAll(t1, t2) form
                    Programs.Fib c = new Programs.Fib(12);
                    Programs.Fib d = new Programs.Fib(13);
                    Programs.Fib e = new Programs.Fib(14);
                    invokeAll(c, d, e);                    // varargs form
                    List<Programs.Fib> list = List.of(new Programs.Fib(15), new Programs.Fib(16));
                    long fromList = invokeAll(list).stream().mapToLong(FactoredTask::result).sum();
                    return a.result() + b.result() + c.result() + d.result() + e.result() + fromList;
                }
            });
            assertEquals(55 + 89 + 144 + 233 + 377 + 610 + 987, sum);
        }
    }

    @Test
    void invokeAllRejectsOtherTasks() {
        RecursiveTask<Integer> plain = new RecursiveTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Integer compute() {
                return 1;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FactoredTask.invokeAll(new Programs.Fib(3), plain));
        assertTrue(e.getMessage().contains("task 1") && e.getMessage().contains("FactoredTasks only"), e.getMessage());
    }

    @Test
    void resultBeforeRunning() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Programs.Fib(3).result());
        assertTrue(e.getMessage().contains("has not run"), e.getMessage());
    }

    @Test
    void closedPoolsAndBadArguments() {
        FactoredPool pool = FactoredPool.withWorkers(1);
        pool.close();
        pool.close(); // idempotent
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> pool.invoke(new Programs.Fib(3)));
        assertTrue(closed.getMessage().contains("closed"));
        assertThrows(IllegalArgumentException.class, () -> FactoredPool.withWorkers(0));
        assertThrows(IllegalArgumentException.class, () -> FactoredPool.open(CoresValue.parse("baseline")));
        try (FactoredPool elision = FactoredPool.elision()) {
            IllegalArgumentException grain = assertThrows(IllegalArgumentException.class,
                    () -> elision.parallelFor(0, 10, 0, (from, to) -> { }));
            assertTrue(grain.getMessage().contains("grain"), grain.getMessage());
            IllegalArgumentException reversed = assertThrows(IllegalArgumentException.class,
                    () -> elision.parallelFor(10, 0, 1, (from, to) -> { }));
            assertTrue(reversed.getMessage().contains("10"), reversed.getMessage());
        }
    }
}
