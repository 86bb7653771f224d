package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.accounting.EstimatedIdle;
import dev.factored.forkjoin.accounting.Ledger;
import dev.factored.forkjoin.accounting.PoolStats;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Estimated idle of parallel streams (issue 16), in a fresh JVM whose common pool the profiler's rule sizes for
 * P = 2 (one worker, and the caller joins in). Every element spins a fixed amount of CPU time, so the work W of an
 * operation is known from its construction (the elements' own CPU time as each measures it, plus one clock read each
 * for the halves of its two reads it cannot see) and its idle time is P·T_P − W whatever the schedule or a neighbour
 * does (the stream's own splitting is the only work left out, so the construction is an upper bound by that much):
 * the estimate (P·T_P − the CPU time of the counted threads) must land within 10 % of that or, in the median
 * reading of four operations, within {@link #GAP_BOUND} of P·T_P. Two shapes: 64 equal elements of 250 µs (idle only the hand-off)
 * and 32 of 200 µs with one ten times longer (a tail).
 */
class StreamIdleTest {

    static final long US = 1_000;
    /**
     * The gap allowed, as a share of P·T_P: issue 16's 3 %. What remains is CPU time spent outside the elements,
     * which the estimate counts as busy: the stream's splitting and stealing, and the JDK's waits on the CPU (its
     * spinning). Measured as the median of each reading's own gap after the elements' clock reads are counted as
     * their work: 1.2-2.7 % quiet or with builds beside it (JDK 17 and 25), 0.5-1.6 % beside a spinning process;
     * an estimate that counted the wrong threads would be off by tens of %.
     */
    static final double GAP_BOUND = 0.03;
    /** Readings, each over {@link #OPS_PER_READING} operations. */
    static final int OPS = 31;
    /**
     * Operations between two readings of the counted threads, as in a JMH iteration, which reads them only at its
     * ends: reading them around every operation put the read itself, and the workers' spinning while the caller
     * read, into each operation's gap (2.6-3.1 % per operation on JDK 25, 1.5-1.8 % over four, same JVM).
     */
    static final int OPS_PER_READING = 4;

    /**
     * Run in the child JVM: per shape, the medians of estimated idle, P·wall − W and P·wall per operation (ns), and
     * the median of each reading's own gap as a share of its P·wall (paired, so that one slow reading moves neither
     * side).
     */
    public static void main(String[] args) throws Exception {
        CommonPool.prestart();
        long clockRead = Spin.cpuClockRead();
        System.out.printf(Locale.ROOT, "clock read %d ns%n", clockRead);
        long[][] shapes = {
            repeat(64, 250 * US, -1, 0),
            repeat(32, 200 * US, 31, 2_000 * US),
        };
        for (long[] elements : shapes) {
            double[] estimated = new double[OPS];
            double[] constructed = new double[OPS];
            double[] machine = new double[OPS];
            double[] gap = new double[OPS];
            for (int i = -20; i < OPS; i++) {
                LongAdder work = new LongAdder();
                PoolStats before = Ledger.totals();
                for (int op = 0; op < OPS_PER_READING; op++) {
                    EstimatedIdle.measure(2, () -> {
                        IntStream.range(0, elements.length).parallel()
                                .forEach(k -> work.add(Spin.spinCpu(elements[k])));
                        return null;
                    });
                }
                PoolStats d = Ledger.totals().minus(before);
                if (i >= 0) {
                    estimated[i] = d.times().idleNanos();
                    // Each element also ran the halves of its two clock reads outside what it measured: one read.
                    constructed[i] = 2.0 * d.times().wallNanos() - work.sum()
                            - (double) elements.length * OPS_PER_READING * clockRead;
                    machine[i] = 2.0 * d.times().wallNanos();
                    gap[i] = Math.abs(estimated[i] - constructed[i]) / machine[i];
                    estimated[i] /= OPS_PER_READING;
                    constructed[i] /= OPS_PER_READING;
                    machine[i] /= OPS_PER_READING;
                }
            }
            System.out.printf(Locale.ROOT, "shape %d %.0f %.0f %.0f %.5f%n", elements.length, Spin.median(estimated),
                    Spin.median(constructed), Spin.median(machine), Spin.median(gap));
        }
    }

    private static long[] repeat(int n, long each, int longOne, long longNanos) {
        long[] a = new long[n];
        Arrays.fill(a, each);
        if (longOne >= 0) {
            a[longOne] = longNanos;
        }
        return a;
    }

    /**
     * A neighbour only adds to the gap (the JDK's spin-waits burn more CPU while the thread they wait for is off its
     * CPU: 4 % measured beside two other builds), so a shape passes on its best of up to {@value #ATTEMPTS} child JVMs.
     */
    static final int ATTEMPTS = 3;

    @Test
    void theEstimateOfAParallelStreamLandsOnItsConstruction() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:ActiveProcessorCount=2"));
        command.addAll(CommonPool.jvmOptions(CoresValue.parse("2")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StreamIdleTest.class.getName()));
        Map<String, String> failing = new TreeMap<>();
        Set<String> passed = new TreeSet<>();
        for (int attempt = 1; attempt <= ATTEMPTS && (passed.isEmpty() || !failing.isEmpty()); attempt++) {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.waitFor(), out);
            out.lines().filter(l -> l.startsWith("clock read ")).forEach(l -> System.out.println("[stream idle] " + l));
            List<String> lines = out.lines().filter(l -> l.startsWith("shape ")).toList();
            assertEquals(2, lines.size(), out);
            for (String line : lines) {
                String[] f = line.split(" ");
                double estimated = Double.parseDouble(f[2]);
                double constructed = Double.parseDouble(f[3]);
                double machine = Double.parseDouble(f[4]);
                double gap = Double.parseDouble(f[5]);
                String figures = String.format(Locale.ROOT, "%s elements: estimated idle %.1f us, P*T_P - W %.1f us, "
                        + "P*T_P %.1f us (median gap per reading %.2f %% of P*T_P)", f[1], estimated / US,
                        constructed / US, machine / US, 100 * gap);
                System.out.println("[stream idle] attempt " + attempt + ": " + figures);
                if (Math.abs(estimated - constructed) <= 0.10 * constructed || gap <= GAP_BOUND) {
                    passed.add(f[1]);
                    failing.remove(f[1]);
                } else if (!passed.contains(f[1])) {
                    failing.put(f[1], figures);
                }
            }
        }
        assertTrue(failing.isEmpty(), "on the best of " + ATTEMPTS + " JVMs: " + failing.values());
    }
}
