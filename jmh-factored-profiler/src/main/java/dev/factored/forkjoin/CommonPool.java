package dev.factored.forkjoin;

import dev.factored.contract.CoresValue;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * The common pool of a factored fork. Code that uses it (parallel streams, {@code Arrays.parallelSort},
 * {@code CompletableFuture.supplyAsync} without an executor) runs on its workers and on the calling thread,
 * which joins in.
 *
 * <p>Under {@code cores=P} with P ≥ 2 the common pool's parallelism is P. The JDK decides from that number
 * whether to run in parallel at all: {@code Arrays.parallelSort}, {@code parallelPrefix} and
 * {@code parallelSetAll} go sequential, and {@code CompletableFuture.supplyAsync(s)} starts a new thread per
 * task, when {@code ForkJoinPool.getCommonPoolParallelism()} is 1, which P − 1 workers would make it at P = 2.
 * With P the JDK's code runs as on a machine whose common pool has P workers, and the fork is pinned to P CPUs,
 * so at most P of the P workers and the joining caller run at a time: the caller only helps while it waits
 * for its operation, and the threads that ran and their context switches are measured in
 * {@code CommonPoolTest} (JDK 17 and 25). Under {@code cores=1}, the elision, the span run and the baseline
 * the pool has no worker and the caller runs everything, as on a machine with one CPU (where the JDK's
 * parallelism is 1 too).
 *
 * <p>Spare threads stay allowed (the JDK's default): a worker that blocks in a join it cannot help with (a task
 * invoked from outside the pool, as OpenJDK's own {@code IntegerSum} benchmark does) is replaced by a spare while
 * it waits, and with no spares allowed the JDK throws {@code RejectedExecutionException: Thread limit exceeded
 * replacing blocked worker} and fails the user's benchmark. A spare runs only while a worker waits, so about P
 * threads run at a time; the profiler reports the spares ({@code factored.spares}) and the analysis labels the
 * point.
 */
public final class CommonPool {

    static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";
    /** Set in factored forks, so that {@link #prestart()} knows the size was chosen for this configuration. */
    static final String SIZED = "factored.commonPoolSized";

    private CommonPool() {
    }

    /** The JVM options of a fork of this configuration. */
    public static List<String> jvmOptions(CoresValue configuration) {
        return List.of("-D" + PARALLELISM + "=" + parallelism(configuration), "-D" + SIZED + "=true");
    }

    /** The common pool's parallelism in a fork of this configuration: P for P ≥ 2, else 0 (no workers). */
    public static int parallelism(CoresValue configuration) {
        return configuration.kind() == CoresValue.Kind.WORKERS && configuration.workers() >= 2
                ? configuration.workers() : 0;
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
