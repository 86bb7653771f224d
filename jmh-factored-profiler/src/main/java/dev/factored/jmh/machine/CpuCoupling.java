package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether a CPU is really apart from the measured ones, measured: a spare CPU is only spare when the JVM's threads
 * working there leave the measured threads' speed alone. A machine does not always say which CPUs share a core: on
 * this project's 2-vCPU KVM machine the kernel reports two cores of one thread each, yet a JVM pinned whole to CPU 0
 * swept a 512 KB array 27 % slower (fork sd 2.6 % to 10 %) as soon as anything woke on CPU 1, even a thread sleeping
 * 1 ms at a time; the profiler's fork, with the JVM's own threads on CPU 1, read 9 % slower than that JVM and four
 * times as spread (issue 41). Such a CPU is worse than no spare: the JIT compiler sharing the measured CPU in time
 * costs the warm-up only.
 *
 * <p>The test: a thread on every measured CPU sweeps a cache-sized array (the kind of work that showed it) while a
 * thread on the candidate alternately sleeps and sweeps an array of its own, in short paired windows. A measured
 * thread's rate is its passes per wall-clock second it was on its CPU (the kernel's run-queue wait is taken out, so
 * another process that preempts it does not read as coupling); the slowdown is one minus the median of the
 * busy-to-quiet ratios. Results are kept per pair of CPUs for the life of the JVM: the rounds runner asks once per
 * suite.
 */
public final class CpuCoupling implements CouplingCheck {

    /** A candidate that slows a measured CPU by this much or more is not spare. */
    public static final double COUPLED_ABOVE = 0.10;

    private static final int WINDOW_PAIRS = 8;
    private static final long WINDOW_NANOS = 40_000_000;
    /** 512 KB: the size that showed the effect, and a level-2 cache's on most machines. */
    private static final int SWEEP_LONGS = 1 << 16;
    /** One long per cache line: every access is a load from the cache, not from a register. */
    private static final int STRIDE = 8;

    private final String taskset;
    private final Map<Long, Double> slowdownByPair = new HashMap<>();

    /** @param taskset the taskset binary that pins the test's threads */
    CpuCoupling(String taskset) {
        this.taskset = taskset;
    }

    private static final Map<String, CpuCoupling> BY_TASKSET = new HashMap<>();

    /**
     * The test of this JVM: JMH makes a profiler per benchmark run, and the rounds runner one run per fork, so the
     * findings are kept here for the JVM's life rather than per profiler.
     */
    public static synchronized CpuCoupling ofThisJvm(String taskset) {
        return BY_TASKSET.computeIfAbsent(taskset, CpuCoupling::new);
    }

    /**
     * What one test found: the largest slowdown of a measured CPU while the candidate worked, or why it could not be
     * measured (then the candidate is taken as spare, as before this test existed).
     */
    public record Finding(int candidate, int slowedCpu, double slowdown, String unmeasuredBecause) {

        public boolean coupled() {
            return unmeasuredBecause == null && slowdown >= COUPLED_ABOVE;
        }

        /** For the fork's note. */
        public String describe() {
            return unmeasuredBecause != null ? "CPU " + candidate + " could not be tested (" + unmeasuredBecause + ")"
                    : String.format(Locale.ROOT, "work on CPU %d slows CPU %d by %.0f %% (measured)", candidate,
                            slowedCpu, 100 * slowdown);
        }
    }

    /** Tests the candidate against every measured CPU not yet tested with it; never throws. */
    @Override
    public synchronized Finding test(List<Integer> measured, int candidate) {
        List<Integer> untested = new ArrayList<>();
        for (int m : measured) {
            if (m != candidate && !slowdownByPair.containsKey(key(m, candidate))) {
                untested.add(m);
            }
        }
        if (!untested.isEmpty()) {
            String problem = measure(untested, candidate);
            if (problem != null) {
                return new Finding(candidate, -1, 0, problem);
            }
        }
        int worst = -1;
        double slowdown = Double.NEGATIVE_INFINITY;
        for (int m : measured) {
            Double s = slowdownByPair.get(key(m, candidate));
            if (s != null && s > slowdown) {
                slowdown = s;
                worst = m;
            }
        }
        return new Finding(candidate, worst, worst < 0 ? 0 : slowdown, null);
    }

    private static long key(int measured, int candidate) {
        return ((long) measured << 32) | (candidate & 0xffffffffL);
    }

    private volatile boolean neighbourWorks;
    private volatile boolean done;
    private volatile String pinProblem;

    /**
     * Runs the paired windows; returns why it could not, or null. The calling thread drives them: it sets the
     * neighbour's state, then every sweeper measures one window at the same time (a barrier starts and ends each).
     */
    private String measure(List<Integer> cpus, int candidate) {
        done = false;
        neighbourWorks = false;
        pinProblem = null;
        CyclicBarrier window = new CyclicBarrier(cpus.size() + 1);
        List<Sweeper> sweepers = new ArrayList<>();
        for (int cpu : cpus) {
            sweepers.add(new Sweeper(cpu, window));
        }
        Thread neighbour = new Thread(() -> neighbour(candidate), "factored-coupling-neighbour");
        neighbour.setDaemon(true);
        neighbour.start();
        sweepers.forEach(s -> s.thread.start());
        try {
            for (int w = 0; w < 2 + 2 * WINDOW_PAIRS; w++) {
                neighbourWorks = w >= 2 && w % 2 == 1; // two warm-up windows, then quiet and busy in turn
                LockSupport.parkNanos(2_000_000); // let the neighbour change state
                window.await(10, TimeUnit.SECONDS);
                window.await(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (BrokenBarrierException | TimeoutException e) {
            return pinProblem != null ? pinProblem : "a test thread did not keep time";
        } finally {
            done = true;
            window.reset();
        }
        if (pinProblem != null) {
            return pinProblem;
        }
        for (Sweeper s : sweepers) {
            double[] ratios = new double[WINDOW_PAIRS];
            for (int p = 0; p < WINDOW_PAIRS; p++) {
                ratios[p] = s.rates[2 + 2 * p + 1] / s.rates[2 + 2 * p];
            }
            Arrays.sort(ratios);
            double median = (ratios[WINDOW_PAIRS / 2 - 1] + ratios[WINDOW_PAIRS / 2]) / 2;
            if (!Double.isFinite(median)) {
                return "the rates could not be read";
            }
            slowdownByPair.put(key(s.cpu, candidate), 1 - median);
        }
        return null;
    }

    private void neighbour(int cpu) {
        if (!pin(cpu)) {
            return;
        }
        long[] own = new long[SWEEP_LONGS];
        long sum = 0;
        while (!done) {
            if (neighbourWorks) {
                sum += sweep(own);
            } else {
                LockSupport.parkNanos(1_000_000);
            }
        }
        sink = sum;
    }

    private static volatile long sink;

    private static long sweep(long[] array) {
        long sum = 0;
        for (int i = 0; i < array.length; i += STRIDE) {
            sum += array[i]++;
        }
        return sum;
    }

    /** One measured CPU's thread: its rate in every window the driver opens. */
    private final class Sweeper {
        final int cpu;
        final double[] rates = new double[2 + 2 * WINDOW_PAIRS];
        final Thread thread;
        private final CyclicBarrier window;

        Sweeper(int cpu, CyclicBarrier window) {
            this.cpu = cpu;
            this.window = window;
            this.thread = new Thread(this::run, "factored-coupling-" + cpu);
            this.thread.setDaemon(true);
        }

        private void run() {
            boolean pinned = pin(cpu);
            long[] array = new long[SWEEP_LONGS];
            try {
                for (int w = 0; w < rates.length; w++) {
                    window.await();
                    rates[w] = pinned ? rate(array) : Double.NaN;
                    window.await();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (BrokenBarrierException e) {
                // the driver gave up; it says why
            }
        }

        private double rate(long[] array) {
            long waitStart = runQueueWait();
            long start = System.nanoTime();
            long end = start + WINDOW_NANOS;
            long passes = 0;
            long now;
            long sum = 0;
            while ((now = System.nanoTime()) < end) {
                sum += sweep(array);
                passes++;
            }
            sink = sum;
            long onCpu = now - start - Math.max(0, runQueueWait() - waitStart);
            return onCpu <= 0 ? Double.NaN : passes / (double) onCpu;
        }
    }

    /** Pins the calling thread to one CPU; false (with the problem kept) when it cannot. */
    private boolean pin(int cpu) {
        try {
            String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
            Process p = new ProcessBuilder(taskset, "-p", "-c", Integer.toString(cpu), tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor() != 0) {
                pinProblem = "taskset could not pin a thread to CPU " + cpu;
                return false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            pinProblem = "cannot pin a thread: " + e.getMessage();
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pinProblem = "interrupted";
            return false;
        }
    }

    /** This thread's time waiting in the run queue so far (/proc/thread-self/schedstat), 0 when unknown. */
    private static long runQueueWait() {
        try {
            String[] fields = Files.readString(Path.of("/proc/thread-self/schedstat")).strip().split(" ");
            return Long.parseLong(fields[1]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
