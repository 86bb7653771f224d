package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The common pool of a {@code cores=P} fork: parallelism P for P ≥ 2, so that the JDK's parallel algorithms,
 * which go sequential when the common pool's parallelism is 1, run in parallel at P = 2; none at P = 1, where the
 * caller runs everything as on a one-CPU machine. Counted, in a fresh JVM of the JDK running the tests (CI runs
 * them on 17 and 25), as the distinct threads that run a parallel stream's elements and {@code Arrays.parallelSort}'s
 * comparisons; and the same stream inside a {@link MeasuredForkJoinPool} of P runs on its P workers only. The
 * child also prints the JVM's context switches per sort, for the figures in adopting.md.
 */
class CommonPoolTest {

    /** Run in the child JVM: prints the two thread counts. */
    public static void main(String[] args) {
        int p = Integer.parseInt(args[0]);
        CommonPool.prestart();
        Set<Thread> common = ConcurrentHashMap.newKeySet();
        for (int r = 0; r < 20; r++) {
            IntStream.range(0, 400).parallel().forEach(i -> {
                Spin.spin(20_000);
                common.add(Thread.currentThread());
            });
        }
        // Before the CompletableFutures below: on JDK 25 an external thread's CompletableFuture.join() raises the
        // common pool's parallelism (seen: 1 to 2 at P = 1), which would change what parallelSort does.
        int parallelism = ForkJoinPool.getCommonPoolParallelism();
        Set<Thread> sorting = ConcurrentHashMap.newKeySet();
        Integer[] values = new java.util.Random(7).ints(200_000).boxed().toArray(Integer[]::new);
        for (int r = 0; r < 3; r++) {
            Integer[] copy = values.clone();
            java.util.Arrays.parallelSort(copy, (a, b) -> {
                sorting.add(Thread.currentThread());
                return Integer.compare(a, b);
            });
        }
        long[] switches = contextSwitches();
        long start = System.nanoTime();
        int sorts = 3; // a figure for the docs, printed only: three sorts give it, and each P's child ends 1 s sooner
        long[] numbers = new java.util.Random(11).longs(3_000_000).toArray();
        for (int r = 0; r < sorts; r++) {
            java.util.Arrays.parallelSort(numbers.clone());
        }
        long millis = (System.nanoTime() - start) / 1_000_000 / sorts;
        long[] after = contextSwitches();
        Set<Thread> dedicated = ConcurrentHashMap.newKeySet();
        Set<Thread> futures = ConcurrentHashMap.newKeySet();
        try (MeasuredForkJoinPool pool = MeasuredForkJoinPool.withWorkers(p)) {
            for (int r = 0; r < 20; r++) {
                pool.invoke(ForkJoinTask.adapt(() -> IntStream.range(0, 400).parallel().forEach(i -> {
                    Spin.spin(20_000);
                    dedicated.add(Thread.currentThread());
                })));
            }
            // Rounds, like the streams above: on a busy machine a worker can sleep through one round of 8 ms of
            // tasks, never through all of them; what may never happen is a thread beyond the P workers.
            for (int r = 0; r < 20; r++) {
                CompletableFuture<?>[] all = new CompletableFuture<?>[400];
                for (int i = 0; i < all.length; i++) {
                    all[i] = CompletableFuture.runAsync(() -> {
                        Spin.spin(20_000);
                        futures.add(Thread.currentThread());
                    }, pool);
                }
                CompletableFuture.allOf(all).join();
            }
        }
        boolean callerInDedicated = dedicated.contains(Thread.currentThread());
        System.out.println("threads " + common.size() + " " + dedicated.size() + " " + callerInDedicated + " "
                + futures.size() + " " + parallelism + " " + sorting.size());
        System.out.printf(java.util.Locale.ROOT, "sort of 3M longs: %d ms per sort (clones included), context "
                + "switches per sort: %.0f voluntary, %.0f involuntary (whole JVM)%n", millis,
                (after[0] - switches[0]) / (double) sorts, (after[1] - switches[1]) / (double) sorts);
    }

    /** Voluntary and involuntary context switches of all of this JVM's threads; zeros where /proc is missing. */
    private static long[] contextSwitches() {
        long[] sum = new long[2];
        try (java.util.stream.Stream<Path> tasks = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    for (String line : java.nio.file.Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            sum[0] += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            sum[1] += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                } catch (IOException e) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException e) {
            return sum;
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void exactlyPThreadsWork(int p) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ActiveProcessorCount=" + p));
        command.addAll(CommonPool.jvmOptions(CoresValue.parse(Integer.toString(p))));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CommonPoolTest.class.getName(),
                Integer.toString(p)));
        String out = run(command);
        String line = out.lines().filter(l -> l.startsWith("threads ")).findFirst().orElseThrow(() ->
                new AssertionError("no result from the child JVM:\n" + out));
        out.lines().filter(l -> l.startsWith("sort of ")).forEach(l -> System.out.println("[common pool] P=" + p + ": "
                + l));
        String[] f = line.split(" ");
        int parallelism = Integer.parseInt(f[5]);
        int common = Integer.parseInt(f[1]);
        int sorting = Integer.parseInt(f[6]);
        if (p == 1) {
            assertEquals(1, common, "at P = 1 the caller runs a parallel stream alone: " + line);
            assertEquals(1, sorting, "at P = 1 parallelSort runs in the caller: " + line);
        } else {
            assertEquals(p, parallelism, "the common pool's parallelism at P = " + p + ": " + line);
            // P workers and the caller, which helps while it waits; all of them on P CPUs in a pinned fork.
            assertTrue(common >= 2 && common <= p + 1, "threads running a parallel stream on the common pool: " + line);
            assertTrue(sorting >= 2 && sorting <= p + 1, "threads running parallelSort's comparisons: " + line);
        }
        assertEquals(p, Integer.parseInt(f[2]), "distinct threads running it inside a pool of P: " + line);
        assertEquals("false", f[3], "the caller of pool.invoke never runs a task itself: " + line);
        assertEquals(p, Integer.parseInt(f[4]), "CompletableFutures given the pool as executor run on its P workers: "
                + line);
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out;
    }
}
