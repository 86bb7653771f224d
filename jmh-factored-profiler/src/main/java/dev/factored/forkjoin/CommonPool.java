package dev.factored.forkjoin;

import dev.factored.contract.CoresValue;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * The common pool of a factored fork. Code that uses it (parallel streams, {@code Arrays.parallelSort},
 * {@code CompletableFuture.supplyAsync} without an executor) runs on its workers and on the calling thread,
 * which joins in. So that exactly P threads work under {@code cores=P}, the fork's common pool gets P − 1
 * workers (checked on JDK 17 and 25 by counting the distinct threads that run a parallel stream:
 * {@code CommonPoolTest}); under every other configuration it gets none, and the caller runs everything.
 *
 * <p>Spare threads stay allowed (the JDK's default): a worker that blocks in a join it cannot help with (a task
 * invoked from outside the pool, as OpenJDK's own {@code IntegerSum} benchmark does) is replaced by a spare while
 * it waits, and with no spares allowed the JDK throws {@code RejectedExecutionException: Thread limit exceeded
 * replacing blocked worker} and fails the user's benchmark. A spare runs only while a worker waits, so about P
 * threads run at a time; the profiler reports the spares ({@code factored.spares}) and the analysis labels the
 * point.
 *
 * <p>Two JDK rules follow that users meet: at P = 2 the common pool's parallelism is 1, and
 * {@code CompletableFuture.supplyAsync(s)} without an executor then starts a new thread per task instead of
 * using the pool (pass {@code cores.forkJoinPool()} as the executor); and {@code Arrays.parallelSort} sorts
 * sequentially when the common pool's parallelism is 1.
 */
public final class CommonPool {

    static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";
    /** Set in factored forks, so that {@link #prestart()} knows the size was chosen for this configuration. */
    static final String SIZED = "factored.commonPoolSized";

    private CommonPool() {
    }

    /** The JVM options of a fork of this configuration. */
    public static List<String> jvmOptions(CoresValue configuration) {
        int parallelism = configuration.kind() == CoresValue.Kind.WORKERS ? configuration.workers() - 1 : 0;
        return List.of("-D" + PARALLELISM + "=" + parallelism, "-D" + SIZED + "=true");
    }

    /**
     * Starts the common pool's workers now, when the profiler sized it, so that thread creation never falls
     * inside a measurement.
     */
    public static void prestart() {
        if (System.getProperty(SIZED) == null || "0".equals(System.getProperty(PARALLELISM))) {
            return; // not sized by the profiler, or no workers to start
        }
        Prestart.workers(ForkJoinPool.commonPool(), ForkJoinPool.getCommonPoolParallelism());
    }
}
