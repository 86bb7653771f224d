package dev.factored.jmh;

import dev.factored.contract.ActivityLog;
import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.CommonPool;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.FactoredTask;
import dev.factored.forkjoin.MeasuredForkJoinPool;
import dev.factored.forkjoin.RangeBody;
import dev.factored.forkjoin.accounting.EstimatedIdle;
import dev.factored.jmh.machine.ForkCores;
import dev.factored.jmh.profiler.BandwidthHeap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The JMH state a factored benchmark takes as a parameter: the {@code cores} configuration and the
 * pool for it, opened before the trial's first iteration and closed after its last.
 *
 * <pre>{@code
 * @Benchmark
 * public int[] sort(Cores cores, Data data) {
 *     if (cores.isBaseline()) return SequentialSort.sort(data.copy());   // T_s
 *     return cores.invoke(new MergeSortTask(data.copy()));               // T_e, T_1, T_P
 * }
 * }</pre>
 *
 * <p>The configurations come from {@code -p cores=…}, which {@code factored run} and the Maven goal always give. The
 * param's own default, {@value #AS_WRITTEN}, is none: a plain {@code java -jar benchmarks.jar} runs the benchmark once,
 * as written, and measures nothing ({@link AsWritten}).
 */
@State(Scope.Benchmark)
public class Cores {

    static final String BASELINE_HELP = "cores = baseline runs the best sequential program, not the pool. "
            + "Add the branch `if (cores.isBaseline()) return yourSequentialCode(...);` at the top of the "
            + "benchmark method, or leave baseline out of the configurations "
            + "(JMH: -p cores=elision,span,1,2; Maven: <cores>elision,span,1,2</cores>).";

    /**
     * The {@code cores} value of a run that gives none with {@code -p cores}: the benchmark as written, no
     * configuration, nothing measured, nothing said ({@link AsWritten}).
     */
    public static final String AS_WRITTEN = "as-written";

    /**
     * {@code baseline}, {@code elision}, {@code span}, a number of workers, or {@code bandwidth-P}, or a turn of
     * configurations measured in turn inside one fork ({@code 1+2}, {@link InTurn}), from {@code -p cores=…}; without
     * it {@value #AS_WRITTEN}. One default value, not the configurations: JMH runs every
     * default of a param, and a plain run of an adopted suite must take the forks it took before (issue 33).
     */
    @Param({AS_WRITTEN})
    public String cores;

    /** {@link #cores} parsed ({@link #param()}): at the trial's setup, or at a question before it. */
    private ForkCores param;
    private CoresValue configuration;
    private FactoredPool pool;
    /** Under a turn ({@code cores=1+2}): every member's pool, opened for the trial; null otherwise. */
    private InTurn inTurn;
    /** Set at the trial's end: the {@value #AS_WRITTEN} pool, opened on first use, is not opened again then. */
    private boolean closed;
    private Copies copies;
    /** Copies of the baseline the bandwidth test ran in this JVM; the profiler reads it per iteration. */
    private static final AtomicLong COPIES_RUN = new AtomicLong();

    /**
     * Calls of {@link #baseline} under {@code baseline}: a plain counter, a store per operation that costs the
     * measured baseline next to nothing; counts lost to a race between JMH threads do not matter, only whether the
     * baseline branch calls it at all (the rounds runner then knows before a bandwidth fork whether it can run copies).
     */
    private static long baselineCalls;

    static long copiesRun() {
        return COPIES_RUN.get() + baselineCalls;
    }

    @Setup(Level.Trial)
    public void open() {
        closed = false;
        param = null; // this trial's param, parsed afresh
        if (param().namesTurn()) {
            inTurn = InTurn.open(param().requireTurn(), System.getProperty(ActivityLog.PROPERTY) != null);
            return;
        }
        configuration = read();
        if (AsWritten.is(cores)) {
            // Nothing to set up: the pool for cores.invoke opens on first use, so that code with its own pool runs
            // with no thread of ours.
            AsWritten.sayUnderProfiler(System.out);
            return;
        }
        if (!Unprofiled.profiled()) {
            Unprofiled.say(); // a configuration given to plain JMH (or -f 0): its times are not factored ones
        }
        CommonPool.prestart();
        if (configuration.isBandwidth()) {
            copies = new Copies(BandwidthHeap.copies(configuration.workers()));
        } else if (!configuration.isBaseline()) {
            // The host asks the fork for activity samples through this property; read per trial, not per JVM.
            pool = FactoredPool.open(configuration, System.getProperty(ActivityLog.PROPERTY) != null);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        // Each closes even when another fails, so that no thread outlives the trial unnoticed.
        synchronized (this) {
            closed = true;
        }
        try {
            if (inTurn != null) {
                inTurn.close(); // every member's pool, this iteration's among them
            } else if (pool != null) {
                pool.close();
            }
        } finally {
            pool = null;
            inTurn = null;
            try {
                MeasuredForkJoinPool.closeAll();
            } finally {
                if (copies != null) {
                    copies.close();
                    copies = null;
                }
            }
        }
    }

    /**
     * Under a turn ({@code cores=1+2}), makes the member of the iteration that begins current, so that everything here
     * acts as in a fork of that member alone; nothing otherwise. The profiler chose the member before this setup runs.
     */
    @Setup(Level.Iteration)
    public void turn() {
        if (inTurn != null) {
            configuration = inTurn.current();
            pool = inTurn.pool(configuration);
        }
    }

    /**
     * True when this trial runs the sequential baseline: T_s ({@code baseline}) or the bandwidth test
     * ({@code bandwidth-P}). Run your own sequential code, through {@link #baseline} for the bandwidth test.
     */
    public boolean isBaseline() {
        return configuration().isBaseline() || configuration().isBandwidth();
    }

    /**
     * Runs the baseline: once under {@code baseline}; under {@code bandwidth-P}, P copies at once, copy i
     * on its own thread and CPU, and returns copy 0's result when all are done. {@code copy} gets the copy's
     * number and should work on data of its own, e.g. {@code copy -> Sort.sequential(data.copy())}: copies
     * that shared one array would share its cache lines, not stress the memory bandwidth.
     */
    public <T> T baseline(IntFunction<T> copy) {
        CoresValue c = configuration();
        if (c.isBandwidth()) {
            T result = copies.run(copy);
            COPIES_RUN.addAndGet(copies.copies());
            return result;
        }
        if (!c.isBaseline()) {
            throw new IllegalStateException("cores.baseline(...) runs the sequential baseline; under cores = " + c
                    + " run the parallel code with cores.invoke(...) (the baseline branch is `if (cores.isBaseline())`)");
        }
        baselineCalls++;
        return copy.apply(0);
    }

    /** The configuration; under {@value #AS_WRITTEN} the JVM's default number of workers, as the code has them. */
    public CoresValue configuration() {
        if (configuration == null) {
            configuration = read();
        }
        return configuration;
    }

    /**
     * The JMH param as the value; under {@value #AS_WRITTEN} the JVM's own; under a turn the member of the iteration
     * under way.
     */
    private CoresValue read() {
        if (param().namesTurn()) {
            return InTurn.member(cores);
        }
        return AsWritten.is(cores) ? AsWritten.configuration() : param().requireConfiguration();
    }

    /** {@link #cores} as the value: parsed here, where the JMH param enters the fork, once per trial. */
    private ForkCores param() {
        if (param == null) {
            param = ForkCores.of(cores);
        }
        return param;
    }

    /** True under {@value #AS_WRITTEN}: no {@code -p cores} was given, the benchmark runs as written. */
    public boolean isAsWritten() {
        return AsWritten.is(cores);
    }

    /**
     * The pool of this trial: the elision (no threads), the span run (the elision with strand timing,
     * its burden measured by the profiler's host or, without the profiler, in this JVM) or exactly P
     * workers; under {@value #AS_WRITTEN} the JVM's default number of workers, opened on first use.
     *
     * @throws IllegalStateException under {@code baseline}, saying how to add the baseline branch
     */
    public FactoredPool pool() {
        if (isBaseline()) {
            throw new IllegalStateException(BASELINE_HELP);
        }
        if (pool == null) {
            if (AsWritten.is(cores)) {
                return poolAsWritten();
            }
            throw new IllegalStateException("the pool is closed or was never opened: "
                    + "Cores must be a JMH @State parameter of the benchmark method");
        }
        return pool;
    }

    /** Opens the {@value #AS_WRITTEN} pool once, whichever benchmark thread asks first. */
    private synchronized FactoredPool poolAsWritten() {
        if (closed) {
            throw new IllegalStateException("the pool is closed: the trial has ended");
        }
        if (pool == null) {
            pool = FactoredPool.open(configuration(), false);
        }
        return pool;
    }

    /**
     * A real {@link ForkJoinPool} for unmodified fork/join code: exactly P workers in a {@code cores=P} fork, one
     * in every other (whose numbers the analysis does not use for such code: it has no elision and no span run).
     * Call it where the benchmark made its pool, e.g. {@code pool = Cores.forkJoinPool();} instead of
     * {@code pool = new ForkJoinPool();} in a {@code @Setup} method: it reads the fork's configuration, which the
     * profiler hands every fork, so it works before any state is set up. Every {@code pool.invoke(task)} from the
     * benchmark is then one measured operation whose idle time is estimated from the workers' CPU time. The
     * benchmark method takes {@code Cores} for the baseline branch; the pool is closed at the end of the trial
     * (shutting it down earlier, as a benchmark's own {@code @TearDown} may, is harmless).
     *
     * <p>In a JVM the profiler did not start (plain JMH without {@code -prof dev.factored.jmh.FactoredProfiler},
     * or {@code -f 0}) it is what the adopted code had: {@code new ForkJoinPool()}, the JVM's default parallelism,
     * and nothing is measured (said once per JVM when a {@code cores} value was given, see {@link Unprofiled}; the
     * Cores state says it, which knows the value).
     */
    public static ForkJoinPool forkJoinPool() {
        String value = System.getProperty(CoresValue.PROPERTY);
        if (value == null) {
            return new ForkJoinPool();
        }
        return MeasuredForkJoinPool.withWorkers(workersOf(value, "Cores.forkJoinPool()"));
    }

    /**
     * {@link #forkJoinPool()} for code that made its pool with {@code new ForkJoinPool(parallelism)}: the
     * configuration decides the number of workers, and without the profiler it is that pool.
     */
    public static ForkJoinPool forkJoinPool(int parallelism) {
        return forkJoinPool(parallelism, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, false);
    }

    /**
     * {@link #forkJoinPool()} for code that made its pool with {@code new ForkJoinPool(parallelism, factory, handler,
     * asyncMode)}, as OpenJDK's own benchmarks do ({@code new ForkJoinPool(n, defaultForkJoinWorkerThreadFactory,
     * null, true)}): the adopted pool keeps what changes how the code runs, the scheduling mode ({@code asyncMode}
     * true: forked tasks that are never joined run FIFO), the threads the factory makes and the handler of uncaught
     * exceptions; the configuration decides the number of workers (exactly P, no spares). Without the profiler it is
     * exactly that pool, {@code parallelism} included.
     *
     * @throws IllegalArgumentException when {@code parallelism} is below 1, as the JDK's constructor
     * @throws IllegalStateException    when the factory returns no thread for some call: the measured pool needs P
     */
    public static ForkJoinPool forkJoinPool(int parallelism, ForkJoinPool.ForkJoinWorkerThreadFactory factory,
                                            Thread.UncaughtExceptionHandler handler, boolean asyncMode) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("a ForkJoinPool's parallelism must be at least 1, got " + parallelism);
        }
        String value = System.getProperty(CoresValue.PROPERTY);
        if (value == null) {
            return new ForkJoinPool(parallelism, factory, handler, asyncMode);
        }
        return MeasuredForkJoinPool.withWorkers(workersOf(value, "Cores.forkJoinPool(" + parallelism + ", ...)"),
                factory, handler, asyncMode);
    }

    /**
     * P under {@code cores=P}; one worker under the configurations that have none.
     *
     * @throws IllegalStateException under a turn, whose members cannot share one pool ({@link InTurn#refuse})
     */
    private static int workersOf(String value, String call) {
        ForkCores cores = ForkCores.of(value); // where the property enters the fork
        if (cores.namesTurn()) {
            throw InTurn.refuse(value, call);
        }
        CoresValue c = cores.requireConfiguration();
        return c.kind() == CoresValue.Kind.WORKERS ? c.workers() : 1;
    }

    /**
     * Runs {@code operation} in the calling thread as one measured operation of unmodified parallel code: a
     * parallel stream, {@code Arrays.parallelSort}, {@code CompletableFuture}s given {@link #forkJoinPool()} as
     * executor. Under {@code cores=P} (P ≥ 2) the fork's common pool has parallelism P, so that the JDK's parallel
     * algorithms run in parallel (see {@link dev.factored.forkjoin.CommonPool}); the fork is pinned to P CPUs. The
     * idle time is estimated from the CPU time of the caller, of the common pool's workers and of the workers of the
     * pools from {@link #forkJoinPool()}, read at the ends of each JMH iteration, which costs the operation nothing
     * (an operation after one of a millisecond or more also reads its caller's CPU time at its own ends, so that a
     * {@code Level.Invocation} setup or teardown is not booked to it: {@link EstimatedIdle}).
     *
     * <p>In a JVM the profiler did not start, and under {@value #AS_WRITTEN}, it runs {@code operation} directly, as
     * the code did before it was adopted, and nothing is measured (said once per JVM when a {@code cores} value was
     * given, see {@link Unprofiled}).
     *
     * @throws IllegalStateException under {@code baseline}, which must run the sequential code
     */
    public <T> T call(Callable<T> operation) {
        if (inTurn != null) {
            throw InTurn.refuse(cores, "cores.call(...)");
        }
        if (isBaseline()) {
            throw new IllegalStateException(BASELINE_HELP);
        }
        CoresValue c = configuration();
        try {
            if (!Unprofiled.profiled()) {
                return operation.call(); // as the code ran before it was adopted: nothing to measure
            }
            return EstimatedIdle.measure(c.kind() == CoresValue.Kind.WORKERS ? c.workers() : 1, operation);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    /** Runs one operation on this trial's pool; see {@link FactoredPool#invoke}. */
    public <V> V invoke(FactoredTask<V> task) {
        return pool().invoke(task);
    }

    /** Runs one parallel loop as an operation on this trial's pool. */
    public void parallelFor(int from, int to, int grain, RangeBody body) {
        pool().parallelFor(from, to, grain, body);
    }
}
