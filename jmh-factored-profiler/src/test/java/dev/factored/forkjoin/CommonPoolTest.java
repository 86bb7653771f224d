package dev.factored.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.factored.contract.CoresValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rule that makes exactly P threads work for common-pool code under {@code cores=P}: the common pool gets
 * P − 1 workers (spares as the JDK has them, used only to replace a worker blocked in a join), and the caller
 * joins in. Counted, in a fresh JVM of the JDK running the tests
 * (CI runs them on 17 and 25), as the distinct threads that run a parallel stream's elements; and the same
 * stream inside a {@link MeasuredForkJoinPool} of P runs on its P workers only.
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
                + futures.size());
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
        String[] f = line.split(" ");
        assertEquals(p, Integer.parseInt(f[1]), "distinct threads running a parallel stream on the common pool: " + line);
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
