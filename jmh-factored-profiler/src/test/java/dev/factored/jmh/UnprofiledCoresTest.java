package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.MeasuredForkJoinPool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Adopted code in a JVM the profiler did not start (plain JMH): it runs as before the change, nothing is measured,
 * and one line per JVM says so; a misused API is still named.
 */
class UnprofiledCoresTest {

    @Test
    void forkJoinPoolIsTheOneTheCodeHadAndCallRunsDirectly() throws Exception {
        assertNull(System.getProperty(CoresValue.PROPERTY), "this test JVM must not look like a profiled fork");
        ForkJoinPool pool = Cores.forkJoinPool();
        try {
            assertFalse(pool instanceof MeasuredForkJoinPool, pool.toString());
            assertEquals(Runtime.getRuntime().availableProcessors(), pool.getParallelism(), "new ForkJoinPool()");
            int[] data = IntStream.range(0, 10_000).toArray();
            long expected = IntStream.of(data).asLongStream().sum();
            assertEquals(expected, pool.invoke(new Sum(data, 0, data.length)));

            Cores cores = CoresTest.open("4");
            try {
                long operationsBefore = Ledger.totals().counts().operations();
                assertEquals(expected, cores.call(() -> new Sum(data, 0, data.length).invoke()));
                assertEquals(expected, (long) cores.call(() -> IntStream.of(data).parallel().asLongStream().sum()));
                assertEquals(operationsBefore, Ledger.totals().counts().operations(), "nothing is measured");
            } finally {
                cores.close();
            }
            assertFalse(pool.isShutdown(), "the trial's end leaves the user's own pool to the user, as before");
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void oneLineSaysWhyNothingIsMeasured() {
        String line = Unprofiled.line();
        assertTrue(line.startsWith(FactoredProfiler.LOG_PREFIX + "nothing is measured"), line);
        assertTrue(line.contains("-prof dev.factored.jmh.FactoredProfiler"), line);
        Unprofiled.say(); // the first time in this JVM, wherever it came from
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Unprofiled.say(new PrintStream(again, true, StandardCharsets.UTF_8));
        Cores.forkJoinPool().shutdown();
        assertEquals("", again.toString(StandardCharsets.UTF_8), "one line per JVM");
    }

    @Test
    void misuseIsStillNamed() {
        Cores baseline = CoresTest.open("baseline");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> baseline.call(() -> 1));
            assertTrue(e.getMessage().contains("if (cores.isBaseline())"), e.getMessage());
        } finally {
            baseline.close();
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> CoresTest.open("four"));
        assertTrue(bad.getMessage().contains("\"four\""), bad.getMessage());
    }

    /** OpenJDK IntegerSum's task shape: fork the left half, compute the right, join the left. */
    static final class Sum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int from;
        private final int to;

        Sum(int[] a, int from, int to) {
            this.a = a;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 512) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += a[i];
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(a, from, mid);
            left.fork();
            return new Sum(a, mid, to).compute() + left.join();
        }
    }
}
