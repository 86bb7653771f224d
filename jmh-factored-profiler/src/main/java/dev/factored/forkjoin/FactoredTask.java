package dev.factored.forkjoin;

import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.BiFunction;

/**
 * A fork/join task that mirrors {@link java.util.concurrent.RecursiveTask}: implement
 * {@link #compute()}, and express parallelism with {@link #forkJoin}, {@link #invokeAll(List)} or
 * {@link #parallelFor}. The same code then runs
 * <ul>
 *   <li>on a {@link FactoredPool} with P workers, where idle time is accounted, or</li>
 *   <li>as its sequential elision (every fork/join a plain call, no pool, no threads) when invoked
 *       through {@link FactoredPool#elision()} or outside any pool.</li>
 * </ul>
 *
 * <p>Converting a RecursiveTask program: change the superclass, and replace each
 * {@code left.fork(); r = right.compute(); l = left.join();} by {@code forkJoin(left, right)} and
 * {@code left.result()}, {@code right.result()} (or {@code forkJoin(left, right, combine)}).
 * Do not call the inherited {@link ForkJoinTask#fork()}, {@code join()} or {@code invoke()}: they bypass
 * the elision and the idle accounting.
 *
 * <p>An exception thrown by {@code compute()} reaches the caller of {@link FactoredPool#invoke} as the
 * very same object, in every mode; sibling tasks are always joined first, so no task outlives its
 * operation.
 *
 * @param <V> the result type
 */
public abstract class FactoredTask<V> extends ForkJoinTask<V> {

    private static final long serialVersionUID = 1L;

    private V result;
    private Throwable failure;
    private boolean done;

    /** The task's work, as in {@link java.util.concurrent.RecursiveTask#compute()}. */
    protected abstract V compute();

    /**
     * The result of this task once it ran through {@link #forkJoin}, {@link #invokeAll} or
     * {@link FactoredPool#invoke}.
     *
     * @throws IllegalStateException if the task has not run
     */
    public final V result() {
        if (!done) {
            throw new IllegalStateException(getClass().getName()
                    + " has not run: pass it to forkJoin, invokeAll or FactoredPool.invoke first");
        }
        return result;
    }

    @Override
    public final V getRawResult() {
        return result;
    }

    @Override
    protected final void setRawResult(V value) {
        result = value;
    }

    /**
     * Runs both tasks, in parallel when called inside a pool, and returns when both are done.
     * Sequentially (elision): {@code first.compute()} then {@code second.compute()}.
     */
    public static void forkJoin(FactoredTask<?> first, FactoredTask<?> second) {
        if (Thread.currentThread() instanceof FactoredWorker worker) {
            worker.forks++;
            second.fork();
            first.runCapturing();
            second.joinIn(worker);
            rethrowFirstFailure(first, second);
        } else {
            first.runInline();
            second.runInline();
        }
    }

    /** {@link #forkJoin(FactoredTask, FactoredTask)}, then combines the two results. */
    public static <A, B, R> R forkJoin(FactoredTask<A> first, FactoredTask<B> second,
                                       BiFunction<? super A, ? super B, ? extends R> combine) {
        forkJoin(first, second);
        return combine.apply(first.result, second.result);
    }

    /** Runs all tasks, in parallel inside a pool, in list order as the elision; returns when all are done. */
    public static void invokeAll(List<? extends FactoredTask<?>> tasks) {
        int n = tasks.size();
        if (n == 0) {
            return;
        }
        if (Thread.currentThread() instanceof FactoredWorker worker) {
            worker.forks += n - 1;
            for (int i = n - 1; i >= 1; i--) {
                tasks.get(i).fork();
            }
            tasks.get(0).runCapturing();
            // Joined in the reverse order of forking, so an un-stolen task is always on top of the deque.
            for (int i = 1; i < n; i++) {
                tasks.get(i).joinIn(worker);
            }
            rethrowFirstFailure(tasks.toArray(new FactoredTask<?>[0]));
        } else {
            for (FactoredTask<?> task : tasks) {
                task.runInline();
            }
        }
    }

    /**
     * A parallel loop: splits {@code [from, to)} in halves until a range holds at most {@code grain}
     * indices, and runs {@code body} on each such chunk. As the elision, the chunks run in index order.
     *
     * @throws IllegalArgumentException if {@code grain < 1} or {@code to < from}
     */
    public static void parallelFor(int from, int to, int grain, RangeBody body) {
        if (grain < 1) {
            throw new IllegalArgumentException("grain must be at least 1, got " + grain);
        }
        if (to < from) {
            throw new IllegalArgumentException("empty range reversed: from " + from + " > to " + to);
        }
        new RangeTask(from, to, grain, body).compute();
    }

    @Override
    protected final boolean exec() {
        Thread thread = Thread.currentThread();
        if (thread instanceof FactoredWorker worker) {
            if (worker.busy) {
                runCapturing();
            } else {
                worker.startBusy();
                worker.steals++;
                try {
                    runCapturing();
                } finally {
                    worker.stopBusy();
                }
            }
        } else if (thread instanceof ForkJoinWorkerThread) {
            failure = new IllegalStateException(getClass().getName()
                    + " ran in a plain ForkJoinPool: fork FactoredTasks with forkJoin, invokeAll or "
                    + "parallelFor and start them with FactoredPool.invoke, not ForkJoinTask.fork()/invoke()");
            done = true;
        } else {
            runCapturing();
        }
        return true;
    }

    /** Runs compute() here, keeping an exception for the joiner instead of letting FJ wrap it. */
    final void runCapturing() {
        try {
            result = compute();
        } catch (Throwable t) {
            failure = t;
        }
        done = true;
    }

    /** Runs compute() here as a plain call: exceptions propagate as they are. */
    final void runInline() {
        result = compute();
        done = true;
    }

    final void joinIn(FactoredWorker worker) {
        if (tryUnfork()) {
            runCapturing();
        } else if (!isDone()) {
            // Stolen and still running: this worker is idle until it returns, except while the
            // pool lets it help with other tasks, whose exec() counts as busy again.
            worker.stopBusy();
            try {
                quietlyJoin();
            } finally {
                worker.startBusy();
            }
        }
    }

    final void rethrowFailure() {
        if (failure != null) {
            throw FactoredTask.<RuntimeException>sneaky(failure);
        }
    }

    private static void rethrowFirstFailure(FactoredTask<?>... tasks) {
        Throwable first = null;
        for (FactoredTask<?> task : tasks) {
            Throwable t = task.failure;
            if (t == null) {
                continue;
            }
            if (first == null) {
                first = t;
            } else if (t != first) {
                first.addSuppressed(t);
            }
        }
        if (first != null) {
            throw FactoredTask.<RuntimeException>sneaky(first);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** The recursive splitting behind {@link #parallelFor}. */
    private static final class RangeTask extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;
        private final int grain;
        private final transient RangeBody body;

        RangeTask(int from, int to, int grain, RangeBody body) {
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.body = body;
        }

        @Override
        protected Void compute() {
            if (to - from <= grain) {
                if (to > from) {
                    body.run(from, to);
                }
                return null;
            }
            int mid = (from + to) >>> 1;
            forkJoin(new RangeTask(from, mid, grain, body), new RangeTask(mid, to, grain, body));
            return null;
        }
    }
}
