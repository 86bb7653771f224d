package dev.factored.forkjoin;

import java.util.Collection;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.function.BiFunction;

/**
 * A fork/join task that mirrors {@link java.util.concurrent.RecursiveTask}: implement
 * {@link #compute()}, and express parallelism with {@link #forkJoin}, {@link #invokeAll(Collection)} or
 * {@link #parallelFor}. The same code then runs
 * <ul>
 *   <li>on a {@link FactoredPool} with P workers, where idle time is accounted, or</li>
 *   <li>as its sequential elision (every fork/join a plain call, no pool, no threads) when invoked
 *       through {@link FactoredPool#elision()} or outside any pool, or</li>
 *   <li>as the elision with strand timing (work, span and burdened span of the task dag) when invoked
 *       through {@link FactoredPool#span(double)}.</li>
 * </ul>
 *
 * <p>Converting a RecursiveTask program: change the superclass, and replace each
 * {@code left.fork(); r = right.compute(); l = left.join();} by {@code forkJoin(left, right)} and
 * {@code left.result()}, {@code right.result()} (or {@code forkJoin(left, right, combine)}).
 * {@code invokeAll(left, right)} and {@code invokeAll(list)} keep working: FactoredTask hides ForkJoinTask's
 * static versions with its own. Do not call the inherited {@link ForkJoinTask#fork()}, {@code join()} or
 * {@code invoke()}: they would bypass the elision and the idle accounting, so a FactoredTask started
 * that way fails with an {@link IllegalStateException} that says what to use instead.
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
    /** Set before forkJoin and invokeAll fork this task; any other fork is a usage error. */
    private boolean forkedByFactored;

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
        Thread thread = Thread.currentThread();
        if (thread instanceof FactoredWorker worker) {
            worker.forks++;
            second.forkedByFactored = true;
            second.fork();
            first.runCapturing();
            second.joinIn(worker);
            if (first.failure != null || second.failure != null) { // no varargs array on the common path
                rethrowFirstFailure(first, second);
            }
        } else {
            SpanRecorder span = SpanRecorder.current(thread);
            if (span != null) {
                span.forkJoin(first, second);
            } else {
                first.runInline();
                second.runInline();
            }
        }
    }

    /** {@link #forkJoin(FactoredTask, FactoredTask)}, then combines the two results. */
    public static <A, B, R> R forkJoin(FactoredTask<A> first, FactoredTask<B> second,
                                       BiFunction<? super A, ? super B, ? extends R> combine) {
        forkJoin(first, second);
        return combine.apply(first.result, second.result);
    }

    /**
     * Runs all tasks, in parallel inside a pool, in iteration order as the elision; returns when all
     * are done, with the collection itself (as {@link ForkJoinTask#invokeAll(Collection)} does).
     *
     * <p>Declared with ForkJoinTask's exact signature so that it hides that method: an unqualified
     * {@code invokeAll(list)} in a FactoredTask always means this one (two overloads would be ambiguous
     * for javac, and the inherited one would bypass the elision and the idle accounting).
     *
     * @throws IllegalArgumentException if an element is not a FactoredTask
     */
    public static <T extends ForkJoinTask<?>> Collection<T> invokeAll(Collection<T> tasks) {
        runAll(factoredTasks(tasks.toArray(new ForkJoinTask<?>[0])));
        return tasks;
    }

    /**
     * {@link #forkJoin(FactoredTask, FactoredTask)} for code written against
     * {@link ForkJoinTask#invokeAll(ForkJoinTask, ForkJoinTask)}, which this hides.
     *
     * @throws IllegalArgumentException if a task is not a FactoredTask
     */
    public static void invokeAll(ForkJoinTask<?> first, ForkJoinTask<?> second) {
        FactoredTask<?>[] both = factoredTasks(new ForkJoinTask<?>[] {first, second});
        forkJoin(both[0], both[1]);
    }

    /**
     * {@link #invokeAll(Collection)} for code written against
     * {@link ForkJoinTask#invokeAll(ForkJoinTask...)}, which this hides.
     *
     * @throws IllegalArgumentException if a task is not a FactoredTask
     */
    public static void invokeAll(ForkJoinTask<?>... tasks) {
        runAll(factoredTasks(tasks));
    }

    private static FactoredTask<?>[] factoredTasks(ForkJoinTask<?>[] tasks) {
        FactoredTask<?>[] factored = new FactoredTask<?>[tasks.length];
        for (int i = 0; i < tasks.length; i++) {
            if (!(tasks[i] instanceof FactoredTask<?> task)) {
                throw new IllegalArgumentException("invokeAll takes FactoredTasks only: task " + i + " is "
                        + (tasks[i] == null ? "null" : "a " + tasks[i].getClass().getName()));
            }
            factored[i] = task;
        }
        return factored;
    }

    private static void runAll(FactoredTask<?>[] tasks) {
        int n = tasks.length;
        if (n == 0) {
            return;
        }
        Thread thread = Thread.currentThread();
        if (thread instanceof FactoredWorker worker) {
            worker.forks += n - 1;
            for (int i = n - 1; i >= 1; i--) {
                tasks[i].forkedByFactored = true;
                tasks[i].fork();
            }
            tasks[0].runCapturing();
            // Joined in the reverse order of forking, so an un-stolen task is always on top of the deque.
            for (int i = 1; i < n; i++) {
                tasks[i].joinIn(worker);
            }
            rethrowFirstFailure(tasks);
        } else {
            SpanRecorder span = SpanRecorder.current(thread);
            if (span != null) {
                span.runAll(tasks);
                return;
            }
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

    /**
     * Called by the fork/join framework when a worker takes this task: a steal, or a task the worker
     * runs while it waits in a join. Either way the worker had nothing to run before, so this starts a
     * busy period (one clock read) unless the worker is already busy.
     *
     * <p>On any other thread the task was started with the inherited {@code fork()}, {@code invoke()} or
     * {@code join()}, which bypass the idle accounting and the elision: that is a usage error. It is
     * thrown from here, so the caller sees it from {@code join()}, {@code invoke()} or {@code get()}
     * (fork() itself is final in ForkJoinTask and cannot check anything).
     */
    @Override
    protected final boolean exec() {
        if (forkedByFactored && Thread.currentThread() instanceof FactoredWorker worker) {
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
            return true;
        }
        throw new IllegalStateException(misuseMessage());
    }

    private String misuseMessage() {
        Thread thread = Thread.currentThread();
        String where;
        if (thread instanceof FactoredWorker) {
            where = "was forked or invoked with ForkJoinTask.fork()/invoke() inside a FactoredPool, where a "
                    + "join() wait would be counted as busy";
        } else if (thread instanceof ForkJoinWorkerThread) {
            where = "ran in a plain ForkJoinPool (" + thread.getName() + ")";
        } else {
            where = "ran outside any pool (on " + thread.getName() + ")";
        }
        return getClass().getName() + " " + where + ": ForkJoinTask.fork(), invoke() and join() are not "
                + "for FactoredTasks. Start the operation with FactoredPool.invoke(task) (or Cores.invoke), "
                + "and inside compute() use forkJoin, invokeAll or parallelFor.";
    }

    /**
     * Runs this task as the root of an operation on {@code worker}: a busy period of its own, but not a
     * steal (the worker took it from the submission queue, which every operation needs).
     */
    final void runAsRoot(FactoredWorker worker) {
        worker.startBusy();
        try {
            runCapturing();
        } finally {
            worker.stopBusy();
        }
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
                worker.resumeBusy();
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
