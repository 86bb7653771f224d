package dev.factored.contract;

/**
 * The labels of the secondary metrics {@code dev.factored.jmh.FactoredProfiler} adds to every JMH result,
 * written by the profiler and read by the analysis: the cross-room contract of a run's JSON.
 */
public final class ProfilerMetrics {

    /** Summed idle time of the workers per operation, in the primary metric's time unit per op. */
    public static final String IDLE = "factored.idle";
    /**
     * In a fork of configurations in turn ({@link CoresTurn}), the member this iteration ran, as {@link CoresTurn#code}:
     * P, 0 for the elision, -1 for the baseline. Absent from every other fork.
     */
    public static final String TURN = "factored.turn";
    /** Workers of the pool that ran the operations (0 for baseline and elision). */
    public static final String WORKERS = "factored.workers";
    /**
     * cores=baseline: copies of the baseline run per operation through {@code Cores.baseline(copy -> ...)}: 1 when the
     * baseline branch calls it, 0 when it returns the sequential code directly, so that a bandwidth test would run one
     * copy and measure nothing. Read by the rounds runner, which then does not start the family's bandwidth forks.
     */
    public static final String COPIES = "factored.copies";
    /**
     * Once a baseline fork: the heap one copy of the benchmark's state holds (the heap in use after the last collection,
     * or in use now before the first), bytes. The host sizes the bandwidth test's heap from it.
     */
    public static final String LIVE_HEAP = "factored.liveHeap";
    /** Once a baseline fork: the fork's maximum heap ({@code Runtime.maxMemory()}), bytes. */
    public static final String MAX_HEAP = "factored.maxHeap";
    /** CPUs the fork could use (its availableProcessors). */
    public static final String CPUS = "factored.cpus";
    /** 1 when the profiler pinned the fork to its CPUs, 0 when not. */
    public static final String PINNED = "factored.pinned";
    /**
     * 1 when pinning was possible on the host (a CPU list and taskset were there), 0 when it was not.
     * Together with {@link #PINNED}: pinned 0 and pinnable 1 means pinning was switched off.
     */
    public static final String PINNABLE = "factored.pinnable";
    /**
     * The share of the iteration's pool operations whose idle time is estimated from the threads' CPU time
     * (unmodified fork/join code: {@code cores.forkJoinPool()}, {@code cores.call}); absent when none is.
     */
    public static final String ESTIMATED = "factored.estimated";
    /**
     * Of the iteration's estimated operations of a millisecond or more that followed another, the share that began
     * after a pause of more than 1/64 of the one before (a {@code Level.Invocation} setup or teardown, or the
     * benchmark's own code around {@code cores.call}), in which the pool's workers park; published with
     * {@link #ESTIMATED}, 0 when none followed another.
     */
    public static final String AFTER_PAUSE = "factored.afterPause";
    public static final String STEALS = "factored.steals";
    public static final String TASKS = "factored.tasks";
    public static final String POOL_OPS = "factored.poolOps";
    /**
     * cores=span: the work T_1 of one operation, the summed time of all its strands (the code between
     * fork, join and the operation's ends), in the primary metric's time unit per op.
     */
    public static final String WORK = "factored.work";
    /** cores=span: the span T_∞, the longest chain of dependent strands, same unit as {@link #WORK}. */
    public static final String SPAN = "factored.span";
    /** cores=span: the span with {@link #BURDEN} added on every forked task, as if each were stolen. */
    public static final String BURDENED_SPAN = "factored.burdenedSpan";
    /** cores=span: tasks forked per operation (a forkJoin forks one, invokeAll of n forks n − 1). */
    public static final String SPAWNS = "factored.spawns";
    /** cores=span: strands per operation; work / strands is the average strand. */
    public static final String STRANDS = "factored.strands";
    /** cores=span: the burden used, the cost of one steal and migration measured on this machine, in ns. */
    public static final String BURDEN = "factored.burden";
    /** cores=span: the clock cost subtracted from every strand (calibrated in the fork), in ns. */
    public static final String CLOCK_COST = "factored.clockCost";
    /**
     * CPU time that the fork's CPUs spent on anything but this JVM (other processes, and steal: the hypervisor
     * running someone else) during the iteration, per operation, in the primary metric's time unit per op. Summed
     * over the fork's CPUs, so it can exceed the operation's wall time; a signed difference like
     * {@link #INTERFERENCE_READING} (slightly below 0 on a quiet machine). Absent when it could not be measured (not
     * Linux, no schedstat): missing, never zero.
     */
    public static final String INTERFERENCE = "factored.interference";
    /**
     * {@link #INTERFERENCE} as a share of the fork's CPUs' time (CPUs × wall time), 0 to 1: each iteration's reading
     * ({@link #INTERFERENCE_READING}) taken into [0, 1]. Published with {@code metrics=all}; the analysis reads the
     * reading, whose mean is unbiased (files from before it was published: this).
     */
    public static final String INTERFERENCE_SHARE = "factored.interferenceShare";
    /**
     * The reading behind {@link #INTERFERENCE_SHARE}, a signed difference, not a share: the fork's CPUs' busy time
     * (/proc/stat, 10 ms ticks) less this JVM's CPU time there (nanoseconds), over the CPUs' time. On a quiet machine
     * the ticks' rounding makes it read a little below 0 as often as above (down to about -0.2 in a 100 ms iteration
     * on one CPU), so its mean over iterations is unbiased where a share taken into [0, 1] would not be.
     */
    public static final String INTERFERENCE_READING = "factored.interferenceReading";

    /**
     * Which interference metric a result holds for its readers: the signed reading where it was published, else the
     * share (a file from before the reading was); null when neither was.
     *
     * @param published whether the result holds a metric of that label
     */
    public static String interferenceLabel(java.util.function.Predicate<String> published) {
        return published.test(INTERFERENCE_READING) ? INTERFERENCE_READING
                : published.test(INTERFERENCE_SHARE) ? INTERFERENCE_SHARE : null;
    }
    /**
     * What other processes and steal took from the spare CPUs the JVM's own threads ran on (its JIT compilers,
     * concurrent collector and service threads, kept apart from the measured CPUs): the spare CPUs' busy time
     * (/proc/stat ticks) less this JVM's CPU time there, over their time, a signed reading like
     * {@link #INTERFERENCE_READING} (not taken into [0, 1]). Published only where the JVM's threads ran apart
     * ({@link #JVM_APART} = 1); absent in a fork without spare CPUs, and with {@link #SPARE_WAIT}. In a pinned turn's
     * fork ({@link CoresTurn}) a member whose JVM threads shared its CPUs publishes 0 beside {@link #JVM_APART} = 0, so
     * that every metric lines up with {@link #TURN}: not measured, and the analysis leaves it out.
     */
    public static final String SPARE_INTERFERENCE = "factored.spareInterference";
    /**
     * The time the JVM's own threads on the spare CPUs (compilers, concurrent collector, VM and service threads) waited
     * to run behind other processes in the iteration, per operation, in the primary metric's time unit per op: their
     * run-queue delay (schedstat) split between other processes and the JVM's own threads on those CPUs in proportion
     * to their CPU time there, and never more than the other processes ran as read (signed, like
     * {@link #DESCHEDULED}). Not the program's wait, but one the
     * program can feel: a safepoint waits for the VM thread, a collection for its concurrent threads, and code stays
     * interpreted while its compiler waits. The machine's, not the program's. Published with
     * {@link #SPARE_INTERFERENCE}.
     */
    public static final String SPARE_WAIT = "factored.spareWait";
    /**
     * The time the program's threads (all but the JVM's GC, JIT and service threads) were ready to run but not
     * running, per operation, same unit as {@link #INTERFERENCE}: the run-queue delay of every cause.
     */
    public static final String RUN_DELAY = "factored.runDelay";
    /**
     * The part of the workers' run-queue delay ({@link #WORKER_WAIT}) attributed to other processes: the delay split in
     * proportion to the CPU time the two competitors took on the fork's CPUs, other processes and the JVM's own threads,
     * and never more than the iteration's foreign time as read (signed, like {@link #INTERFERENCE_READING}: on a quiet
     * machine a little below 0 as often as above, so that its mean over iterations keeps none of the ticks' noise). A
     * worker waiting there while it holds a task looks busy to the pool: this is taken out of work inflation.
     */
    public static final String DESCHEDULED = "factored.descheduled";
    /**
     * The time the pools' workers were ready to run but not running per operation, same unit as {@link #INTERFERENCE}:
     * their run-queue delay of every cause, behind other processes, the JVM's own threads and the program's other
     * threads alike (schedstat). Of it, {@link #DESCHEDULED} is the part other processes caused; the analysis books the
     * rest that fell in the workers' busy time as the program's own waiting (a program with more runnable threads than
     * CPUs, a parallel stream's caller beside P workers, waits behind its own threads). Absent from files written before
     * it was published: then the program's own waiting is not measured.
     */
    public static final String WORKER_WAIT = "factored.workerWait";
    /**
     * The time the program's threads were runnable (on a CPU or waiting for one) per operation, same unit as
     * {@link #INTERFERENCE}: the analysis takes from {@link #DESCHEDULED} the part that fell in the workers' busy
     * time, assuming the wait is spread evenly over runnable time (a parked worker is not runnable; a searching one
     * is, but it is idle, not busy).
     */
    public static final String RUNNABLE = "factored.runnable";
    /**
     * The time per operation the JVM's stop-the-world collections took (the collector MXBeans' collection time of
     * every collector that pauses the application: G1's young and old, Parallel, Serial, ZGC's and Shenandoah's
     * pauses; concurrent cycles are left out, they run beside the workers), in the primary metric's time unit per
     * op. Read at iteration boundaries, in milliseconds (the beans' resolution). While a collection pauses the
     * program every worker waits: up to P times this is idle or busy time that is GC.
     */
    public static final String GC = "factored.gc";
    /**
     * Threads the common pool had beyond its parallelism at the iteration's end: spares it started to replace
     * workers blocked in joins (the JDK's compensation, which code that joins from outside the pool needs). A
     * spare runs while a worker waits, so about P threads run, but more than P took part.
     */
    public static final String SPARES = "factored.spares";
    /**
     * The time the JVM's JIT compilers spent compiling in the iteration, summed over their threads, per second of the
     * iteration's wall time (the compilation bean's measure, in ms; unit {@code compiler s/s}): not a share, it
     * exceeds 1 while two compilers work at once. A measured iteration that still compiles runs
     * code that is still changing, and the compilers share the fork's CPUs with the program: a warm-up too short for
     * the configuration, or one a neighbour starved.
     */
    public static final String JIT = "factored.jit";
    /**
     * The share of the measured CPUs' time that the JVM's own threads took while the program ran there: its JIT
     * compilers, its concurrent collector and service threads (not the pause workers, which run while the program is
     * stopped), 0 to 1. 0 by construction where the fork had spare CPUs for them ({@link #JVM_APART} = 1); where it had
     * none (every allowed CPU measured) the program shared its CPUs with them, and that time is not the program's.
     */
    public static final String JVM_SHARE = "factored.jvmShare";
    /** 1 when the JVM's own threads ran on spare CPUs apart from the measured ones, 0 when they shared them. */
    public static final String JVM_APART = "factored.jvmApart";
    /*
     * What ran on which thread, for unmodified parallel code (cores.call, Cores.forkJoinPool()): from the CPU time
     * of the caller (summed over the operations) and of the common pool's and the measured pools' threads (over the
     * iteration). Absent when none of them ran (the instrumented pool counts its workers itself).
     */
    /** Threads that ran at least 1 % of the counted CPU time in the iteration: workers, spares and the caller. */
    public static final String THREADS = "factored.threads";
    /** The busiest of them: its share of the counted CPU time, 0 to 1 (1: one thread ran everything). */
    public static final String BUSIEST_SHARE = "factored.busiestShare";
    /** The caller's share of the counted CPU time, 0 to 1 (1: the work never reached a pool's workers). */
    public static final String CALLER_SHARE = "factored.callerShare";
    /*
     * Why those threads were off the CPU: each counted thread is looked at every 10 ms while an operation runs; of
     * the looks that found a thread off the CPU, the share in each state (the three add up to 1). Absent when no
     * look found one. JMH's score of a metric that some iterations lack divides its sum by every iteration: read the
     * mean of rawData, as the analysis does, for the share.
     */
    /** Parked in its own pool: a worker that no work reached. */
    public static final String WAITING_FOR_WORK = "factored.waitingForWork";
    /** Parked on a fork/join task: waiting for a result (a join, the caller waiting for the pool, a CompletableFuture). */
    public static final String WAITING_IN_JOIN = "factored.waitingInJoin";
    /** Blocked on a monitor, parked on anything else (a lock, a queue), waiting or sleeping. */
    public static final String BLOCKED = "factored.blocked";
    /*
     * What the fork's CPUs are on the machine (the host reads the topology from /sys and passes it to the fork):
     * each is absent when the host could not tell, never a guess.
     */
    /** Physical cores the fork's CPUs belong to (hardware threads sharing a core count once). */
    public static final String PHYSICAL_CORES = "factored.physicalCores";
    /** 1 when some core gives the fork more than one of its hardware threads (SMT siblings), 0 when none does. */
    public static final String SMT = "factored.smt";
    /** NUMA nodes the fork's CPUs span. */
    public static final String NUMA_NODES = "factored.numaNodes";
    /** Sockets (packages) the fork's CPUs span. */
    public static final String SOCKETS = "factored.sockets";
    /** Of the fork's CPUs, those on performance cores; only on hybrid machines whose kernel shows the kinds. */
    public static final String PERFORMANCE_CPUS = "factored.performanceCpus";
    /** Of the fork's CPUs, those on efficiency cores; only where {@link #PERFORMANCE_CPUS} is. */
    public static final String EFFICIENCY_CPUS = "factored.efficiencyCpus";
    /** The cgroup's CPU quota in CPUs (quota / period); absent when there is none. */
    public static final String CPU_QUOTA = "factored.cpuQuota";
    /** The machine: hardware threads the kernel lists online. */
    public static final String MACHINE_CPUS = "factored.machine.cpus";
    /** The machine: physical cores. */
    public static final String MACHINE_PHYSICAL_CORES = "factored.machine.physicalCores";
    /** The machine: sockets. */
    public static final String MACHINE_SOCKETS = "factored.machine.sockets";
    /** The machine: NUMA nodes that have CPUs. */
    public static final String MACHINE_NUMA_NODES = "factored.machine.numaNodes";
    /** The machine: hardware threads the run may use (its allowed CPU set). */
    public static final String MACHINE_ALLOWED_CPUS = "factored.machine.allowedCpus";
    /** The machine: physical cores among the allowed CPUs. */
    public static final String MACHINE_ALLOWED_CORES = "factored.machine.allowedCores";
    /** Every label starts with this. */
    public static final String PREFIX = "factored.";

    private ProfilerMetrics() {
    }
}
