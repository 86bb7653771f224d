package dev.factored.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.SpanStats;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The span run on the serial-section workload, whose dag is known: a serial part, then 160 chunks of
 * 50 µs split in halves. Spinning is wall time, so the strands' lengths do not depend on the JIT; the
 * tolerances allow for a descheduled spinner on a shared machine (median of five operations).
 */
class SpanKnownAnswersTest {

    private static final int CHUNK = SerialSectionBenchmark.CHUNK_MICROS;

    /** {work, span} of one operation in µs, medians of five. */
    private static double[] measure(int serialMicros) {
        double[] work = new double[5];
        double[] span = new double[5];
        try (FactoredPool pool = FactoredPool.span(0)) {
            pool.invoke(SerialSection.task(serialMicros, 8000, CHUNK)); // warm-up
            for (int i = 0; i < 5; i++) {
                SpanStats before = FactoredPool.spanTotals();
                pool.invoke(SerialSection.task(serialMicros, 8000, CHUNK));
                SpanStats d = FactoredPool.spanTotals().minus(before);
                work[i] = d.workNanos() / 1000;
                span[i] = d.spanNanos() / 1000;
            }
        }
        Arrays.sort(work);
        Arrays.sort(span);
        return new double[] {work[2], span[2]};
    }

    /**
     * The work of spins, in µs: a spinner descheduled on a shared machine only lengthens its strand, so the
     * margin is one-sided: 2 % below (the clock's cost subtracted per strand) to 8 % above (measured: up to 3.4 %).
     */
    private static void assertWork(double spun, double measured) {
        org.junit.jupiter.api.Assertions.assertTrue(measured >= spun * 0.98 && measured <= spun * 1.08,
                "work " + measured + " µs for " + spun + " µs of spins");
    }

    /**
     * span ≈ serial part + one chunk = 2,050 µs: parallelism ≈ 10,000 / 2,050 ≈ 4.9. The span is a maximum
     * over 160 parallel chunks, so every chunk's jitter (a spinner descheduled, the clock's granularity) can
     * only lengthen it: measured here 2,050 to 2,121 µs, hence the one-sided margin.
     */
    @Test
    void aSerialSectionIsOnTheSpan() {
        double[] m = measure(2000);
        assertWork(10_000, m[0]);
        assertEquals(2050 * 1.03, m[1], 2050 * 0.06, "span: 2,050 µs, up to 6 % longer from the longest chunk's jitter");
        assertEquals(4.88, m[0] / m[1], 0.35, "parallelism");
    }

    /**
     * No serial part: span ≈ one chunk plus the splits on one root-to-leaf path, so parallelism approaches
     * the 160 chunks; the jitter of the longest chunk is what keeps it below (59 to 105 µs of span, parallelism
     * 76 to 136, measured here). The precision stated: the span within one chunk plus 100 µs of the longest
     * chunk's jitter, so the parallelism between 8,000 / 150 ≈ 53 and 160.
     */
    @Test
    void withoutOneTheParallelismIsTheNumberOfChunks() {
        double[] m = measure(0);
        assertWork(8000, m[0]);
        // one chunk of 50 µs plus eight splits of about 0.4 µs (the work's excess over 8,000 µs / 159
        // splits), lengthened by the longest of 160 chunks' jitter: 59 to 81 µs measured here
        assertEquals(50 + 50, m[1], 50, "span: one chunk, its path of splits and the longest chunk's jitter");
        double parallelism = m[0] / m[1];
        org.junit.jupiter.api.Assertions.assertTrue(parallelism >= 8000 * 0.97 / 150 && parallelism <= 160 * 1.03,
                "parallelism " + parallelism + ": the 160 chunks, less what the jitter adds to the span");
    }
}
