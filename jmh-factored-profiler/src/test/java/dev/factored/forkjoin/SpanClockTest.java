package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.SpanStats;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The span run's clock on a busy machine (issue 16): each strand is taken at its least time over the operations of
 * the same dag, so an interruption lengthens the span only if it hits the same strand in every operation. Known
 * answers from the construction: {@code n} chunks of {@code c} CPU time forked as a balanced tree have parallelism
 * {@code n}; a serial part {@code s} before them gives {@code (s + n·c) / (s + c)}. Each is measured alone and
 * beside two spinning threads of this JVM (three runnable threads on the machine's two CPUs: the measuring thread is
 * descheduled for milliseconds at a time, many times the 50 µs chunks), where the wall clock alone reads a span of
 * several milliseconds. And strands against the clock's resolution: where they are too short to time, the run must
 * say so.
 */
class SpanClockTest {

    static final long CHUNK = 50_000;
    static final int CHUNKS = 64;
    static final int OPS = 21;

    /** Chunks [from, to) of CPU spinning, split in halves down to one chunk. */
    static final class Chunks extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;

        Chunks(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Void compute() {
            if (to - from == 1) {
                Spin.spinCpu(CHUNK);
            } else {
                int mid = (from + to) >>> 1;
                forkJoin(new Chunks(from, mid), new Chunks(mid, to));
            }
            return null;
        }
    }

    /** A serial part of {@code serialNanos}, then the chunks. */
    static final class SerialThenChunks extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final long serialNanos;

        SerialThenChunks(long serialNanos) {
            this.serialNanos = serialNanos;
        }

        @Override
        protected Void compute() {
            Spin.spinCpu(serialNanos);
            new Chunks(0, CHUNKS).runInline();
            return null;
        }
    }

    /** Median work / span over {@link #OPS} operations, with {@code neighbours} spinning threads running. */
    private static double[] medianParallelism(long serialNanos, int neighbours) throws Exception {
        Thread[] spinners = new Thread[neighbours];
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        for (int i = 0; i < neighbours; i++) {
            spinners[i] = new Thread(() -> {
                while (!stop.get()) {
                    Thread.onSpinWait();
                }
            }, "span-clock-neighbour-" + i);
            spinners[i].setDaemon(true);
            spinners[i].start();
        }
        double[] parallelism = new double[OPS];
        double[] span = new double[OPS];
        double[] wall = new double[OPS];
        try (FactoredPool pool = FactoredPool.span(0)) {
            for (int warm = 0; warm < 5; warm++) {
                pool.invoke(new SerialThenChunks(serialNanos));
            }
            for (int i = 0; i < OPS; i++) {
                SpanStats before = Ledger.spanTotals();
                long start = System.nanoTime();
                pool.invoke(new SerialThenChunks(serialNanos));
                wall[i] = System.nanoTime() - start;
                SpanStats d = Ledger.spanTotals().minus(before);
                assertEquals(1, d.operations());
                parallelism[i] = d.workNanos() / d.spanNanos();
                span[i] = d.spanNanos();
            }
        } finally {
            stop.set(true);
            for (Thread t : spinners) {
                t.join();
            }
        }
        double[] out = {Spin.median(parallelism), Spin.median(span), Spin.median(wall),
                Arrays.stream(wall).max().orElseThrow()};
        System.out.printf(Locale.ROOT, "[span clock] serial %d µs, %d neighbours: parallelism median %.1f, span "
                + "median %.1f µs, wall per operation median %.1f µs, max %.1f µs%n", serialNanos / 1000, neighbours,
                out[0], out[1] / 1e3, out[2] / 1e3, out[3] / 1e3);
        return out;
    }

    /** Where the leaves publish their results. */
    static volatile long sink;

    /** A complete tree of forkJoins whose leaves do a few nanoseconds of arithmetic: strands as short as a clock read. */
    static final class Tiny extends FactoredTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int depth;
        private final long seed;
        private final int rounds;

        Tiny(int depth, long seed, int rounds) {
            this.depth = depth;
            this.seed = seed;
            this.rounds = rounds;
        }

        @Override
        protected Long compute() {
            if (depth == 0) {
                // xorshift: a dependent chain no JIT can fold (JDK 25 folded an LCG loop of 1,000 rounds to 67 ns),
                // published so that it cannot be dropped either
                long x = seed | 1;
                for (int i = 0; i < rounds; i++) {
                    x ^= x << 13;
                    x ^= x >>> 7;
                    x ^= x << 17;
                }
                sink = x;
                return x;
            }
            return forkJoin(new Tiny(depth - 1, seed * 31 + 1, rounds), new Tiny(depth - 1, seed * 31 + 2, rounds),
                    (a, b) -> a ^ b);
        }
    }

    /** The analysis's WorkSpan.RESOLUTION_READS (another module): strands shorter on average are not used. */
    static final double WORK_SPAN_RESOLUTION_READS = 1;

    /**
     * Strands against the clock's resolution, on trees of 4,096 leaves of n rounds of arithmetic. Measured here (3
     * runs, least times over 200 operations): 1,000 rounds (10 clock reads a strand on average) 0.95x the elision's
     * time, 300 (3 reads) 0.95-0.96x, 100 (1 read) 1.01-1.02x, 50 (0.4 reads) 1.02-1.14x, 20 and 8 (0.1 reads)
     * 0.16-0.85x. Where an average strand lasts a clock read or more the span run's work must be the elision's time
     * within 15 % (both run the same calls; the span run subtracts only what its timing adds). Where strands last a
     * few nanoseconds no clock can time them, so what is asserted is that the run reports strands shorter than a
     * clock read, which the analysis takes as its cue to leave the work and span out.
     */
    @Test
    void strandsAgainstTheClocksResolution() throws Exception {
        // 1,000 rounds: 10 reads a strand alone, still well above one beside a neighbour (300 rounds read 3.2 alone
        // and 1.2 beside a process spinning on one CPU, whose load lengthens the calibrated clock cost).
        double[] fine = tiny(1000);
        assertTrue(fine[1] >= WORK_SPAN_RESOLUTION_READS, "1,000 rounds: " + fine[1] + " clock reads a strand");
        assertTrue(Math.abs(fine[0] - 1) <= 0.15, "1,000 rounds: work / elision " + fine[0]);
        // the least of up to 3 tries: a strand can only read longer than it is (a late JIT, a descheduled thread)
        double[] tiny = tiny(8);
        for (int again = 0; again < 2 && tiny[1] >= WORK_SPAN_RESOLUTION_READS; again++) {
            double[] next = tiny(8);
            tiny = next[1] < tiny[1] ? next : tiny;
        }
        assertTrue(tiny[1] < WORK_SPAN_RESOLUTION_READS, "8 rounds: " + tiny[1] + " clock reads a strand, work / "
                + "elision " + tiny[0]);
    }

    /** Work / elision and clock reads per strand for a tree of 4,096 leaves of {@code rounds} rounds each. */
    private static double[] tiny(int rounds) throws Exception {
        int depth = 12;
        double elision = Double.MAX_VALUE;
        try (FactoredPool pool = FactoredPool.elision()) {
            for (int i = 0; i < 200; i++) {
                long start = System.nanoTime();
                pool.invoke(new Tiny(depth, 7, rounds));
                elision = Math.min(elision, System.nanoTime() - start);
            }
        }
        double work = Double.MAX_VALUE;
        double readsPerStrand = 0;
        try (FactoredPool pool = FactoredPool.span(0)) {
            for (int i = 0; i < 200; i++) {
                SpanStats before = Ledger.spanTotals();
                pool.invoke(new Tiny(depth, 7, rounds));
                SpanStats d = Ledger.spanTotals().minus(before);
                work = Math.min(work, d.workNanos());
                readsPerStrand = d.workNanos() / d.strands() / Ledger.spanTotals().clockCostNanos();
            }
        }
        System.out.printf(Locale.ROOT, "[span clock] 4096 leaves of %d rounds: span run's work %.1f µs, elision %.1f µs "
                + "(ratio %.2f), %.1f clock reads a strand%n", rounds, work / 1e3, elision / 1e3, work / elision,
                readsPerStrand);
        return new double[] {work / elision, readsPerStrand};
    }

    @Test
    void balancedChunksHaveParallelismNQuietAndBusy() throws Exception {
        for (int neighbours : new int[] {0, 2}) {
            double[] m = medianParallelism(0, neighbours);
            assertTrue(Math.abs(m[0] - CHUNKS) <= 0.25 * CHUNKS, neighbours + " neighbours: parallelism " + m[0]
                    + ", expected " + CHUNKS + " ± 25 %");
        }
    }

    @Test
    void aSerialSectionSetsTheSpanQuietAndBusy() throws Exception {
        long serial = 1_000_000;
        double expected = (serial + CHUNKS * (double) CHUNK) / (serial + CHUNK);
        for (int neighbours : new int[] {0, 2}) {
            double[] m = medianParallelism(serial, neighbours);
            assertTrue(Math.abs(m[0] - expected) <= 0.10 * expected, neighbours + " neighbours: parallelism " + m[0]
                    + ", expected " + expected + " ± 10 %");
        }
    }
}
