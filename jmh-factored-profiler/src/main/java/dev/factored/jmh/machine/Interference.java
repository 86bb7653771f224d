package dev.factored.jmh.machine;

import dev.factored.forkjoin.WorkerThreads;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the machine took from a fork: read at iteration boundaries only, never on a task's path.
 *
 * <p>Two figures, both from Linux's own accounting:
 * <ul>
 *   <li><b>foreign CPU time</b>: the time the fork's CPUs were busy with anything but this JVM. Per CPU,
 *       {@code /proc/stat} counts busy time (everything but idle and iowait, steal included: the hypervisor ran
 *       someone else while this virtual CPU wanted to run); this JVM's own CPU time (all its threads: GC and JIT
 *       are the program's cost) is subtracted. The fork is pinned, so all of its CPU time is on those CPUs.</li>
 *   <li><b>run-queue delay</b> of the program's threads (every thread but the JVM's own GC, JIT and service
 *       threads): the time they were ready to run but not running, the second field of
 *       {@code /proc/self/task/<tid>/schedstat}. A worker holding a task while it waits there looks busy to the
 *       pool. The part of it the machine caused ({@link Delta#machineDelayNanos()}, {@link WaitSplit}) is the
 *       delay split between other processes (foreign time) and the JVM's own threads in proportion to their CPU
 *       time on the fork's CPUs, and never more than the foreign time itself (a program with more runnable threads
 *       than CPUs, a parallel stream's caller beside P workers, waits behind its own threads too, and that wait is
 *       the program's own).</li>
 * </ul>
 * {@code /proc/stat} counts in clock ticks (USER_HZ, 100 per second on Linux): a reading resolves 10 ms per CPU,
 * so one 1 s iteration on one CPU resolves 1 % of its time, a 200 ms iteration 5 %; the error of one iteration
 * does not accumulate, and the mean over iterations is unbiased (nothing is clamped per iteration).
 */
public final class Interference {

    /** /proc/stat's unit: USER_HZ is 100 on every Linux architecture the JDK runs on. */
    static final long NANOS_PER_TICK = 10_000_000L;

    static final Path PROC_STAT = Path.of("/proc/stat");
    static final Path TASKS = Path.of("/proc/self/task");

    /**
     * One moment's counters.
     *
     * @param processCpuNanos this JVM's CPU time, all threads
     * @param jvmApart        whether the JVM's own threads ran on spare CPUs ({@link ThreadPinning}): then only the
     *                        threads that may run on the measured CPUs ran there, and the JVM did not compete there
     * @param spareBusyTicks  the spare CPUs' busy ticks ({@link SpareDelta}); empty when the JVM's threads are not apart
     * @param spareTotalTicks the spare CPUs' total ticks; empty when they are not apart
     */
    public record Reading(long[] cpuBusyTicks, long[] cpuTotalTicks, long processCpuNanos, Map<Long, ThreadTime> threads,
            boolean jvmApart, long[] spareBusyTicks, long[] spareTotalTicks) {

        /** Without the spare CPUs' ticks. */
        public Reading(long[] cpuBusyTicks, long[] cpuTotalTicks, long processCpuNanos, Map<Long, ThreadTime> threads,
                boolean jvmApart) {
            this(cpuBusyTicks, cpuTotalTicks, processCpuNanos, threads, jvmApart, new long[0], new long[0]);
        }
    }

    /** What a thread is to the measurement. */
    enum Role {
        /** one of HotSpot's own threads (GC, JIT, service): its CPU time is the program's cost */
        JVM,
        /** a worker of a pool: it holds the operation's tasks */
        WORKER,
        /** any other thread of the program (the benchmark's caller, JMH's, the user's) */
        OTHER
    }

    /**
     * A thread's counters: on-CPU and run-queue time in ns, what it is, and where its name puts it when the JVM's own
     * threads are apart ({@link JvmThreads#place}).
     */
    record ThreadTime(long cpuNanos, long waitNanos, Role role, JvmThreads.Place place) {

        ThreadTime(long cpuNanos, long waitNanos, Role role) {
            this(cpuNanos, waitNanos, role, JvmThreads.Place.MEASURED);
        }

        /** Whether it may run on the measured CPUs: all but a JVM thread kept on the spare ones. */
        boolean onMeasured() {
            return place != JvmThreads.Place.SPARE;
        }

        /** A collector's pause worker: it runs only while the program is stopped. */
        boolean pauseWorker() {
            return place == JvmThreads.Place.ANY;
        }

        boolean jvm() {
            return role == Role.JVM;
        }
    }

    /**
     * What happened between two readings.
     *
     * @param cpuNanos          the fork's CPUs' time: CPUs × wall time (from /proc/stat's ticks)
     * @param foreignNanos      CPU time of the fork's CPUs spent on other processes and steal (may be slightly
     *                          negative from tick rounding; never clamped, so means stay unbiased)
     * @param programDelayNanos run-queue delay of the program's threads, summed
     * @param jvmCpuNanos       CPU time of the JVM's own threads (GC, JIT, service)
     * @param jvmOnMeasuredNanos CPU time the JVM's own threads took on the measured CPUs while the program could run:
     *                          0 when they ran apart; the pause workers' time is left out (the program is stopped)
     * @param machineDelayNanos the part of the program's delay attributed to other processes ({@link WaitSplit};
     *                          signed: at most the foreign time as read, which can be slightly negative)
     * @param workerCpuNanos    on-CPU time of the pools' workers, summed
     * @param workerDelayNanos  the workers' run-queue delay attributed to other processes (same split)
     * @param workerWaitNanos   the workers' run-queue delay of every cause
     * @param spare             what other processes took from the spare CPUs the JVM's own threads ran on; null when
     *                          they were not apart (no spare CPU), and then nothing is said of them
     */
    public record Delta(double cpuNanos, double foreignNanos, double programDelayNanos, double jvmCpuNanos,
            double machineDelayNanos, double workerCpuNanos, double workerDelayNanos, double workerWaitNanos,
            double jvmOnMeasuredNanos, SpareDelta spare) {

        /** Without the spare CPUs' figures. */
        public Delta(double cpuNanos, double foreignNanos, double programDelayNanos, double jvmCpuNanos,
                double machineDelayNanos, double workerCpuNanos, double workerDelayNanos, double workerWaitNanos,
                double jvmOnMeasuredNanos) {
            this(cpuNanos, foreignNanos, programDelayNanos, jvmCpuNanos, machineDelayNanos, workerCpuNanos,
                    workerDelayNanos, workerWaitNanos, jvmOnMeasuredNanos, null);
        }

        /** Foreign time as a share of the CPUs' time; NaN when no time passed. */
        public double share() {
            return cpuNanos > 0 ? foreignNanos / cpuNanos : Double.NaN;
        }

        /** The JVM's share of the measured CPUs' time; NaN when no time passed. */
        public double jvmShare() {
            return cpuNanos > 0 ? jvmOnMeasuredNanos / cpuNanos : Double.NaN;
        }
    }

    private final int[] cpus;
    /** The spare CPUs the JVM's own threads run on; empty when they are not apart. */
    private final int[] spareCpus;
    /** Whether the JVM's own threads are kept on spare CPUs, apart from {@link #cpus}. */
    private final boolean jvmApart;
    /** Each thread's native name, read once: what it is (JVM, WORKER, OTHER) and where it runs follow from it. */
    private final Map<Long, String> commByTid = new HashMap<>();
    /** Each thread's schedstat file, kept open: a read at offset 0 regenerates it, without an open and a close. */
    private final Map<Long, FileChannel> schedstats = new HashMap<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    private FileChannel stat;
    private final com.sun.management.OperatingSystemMXBean os;

    private Interference(int[] cpus, int[] spareCpus, boolean jvmApart, com.sun.management.OperatingSystemMXBean os) {
        this.cpus = cpus;
        this.spareCpus = spareCpus;
        this.jvmApart = jvmApart;
        this.os = os;
    }

    /**
     * A reader for the program's CPUs ({@code pinning}'s measured ones; without a pinning those this JVM may run on), or
     * the reason there can be none (not Linux, no schedstat, no
     * process CPU time): a missing figure is reported as missing, never as zero.
     */
    public static Interference openOrWhy(ThreadPinning pinning, StringBuilder why) {
        if (!Files.isReadable(PROC_STAT)) {
            why.append("no ").append(PROC_STAT).append(" (not Linux?)");
            return null;
        }
        if (!Files.isReadable(Path.of("/proc/thread-self/schedstat"))) {
            why.append("no per-thread schedstat in /proc (a kernel without CONFIG_SCHEDSTATS)");
            return null;
        }
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || os.getProcessCpuTime() < 0) {
            why.append("this JVM does not report its process CPU time");
            return null;
        }
        try {
            int[] cpus = pinning != null ? pinning.measured().toArray()
                    : CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS).toArray();
            boolean apart = pinning != null && pinning.apart();
            Interference reader = new Interference(cpus, apart ? pinning.spare().toArray() : new int[0], apart, os);
            reader.read();
            return reader;
        } catch (IOException | RuntimeException e) {
            why.append("cannot read the CPU accounting: ").append(e.getMessage());
            return null;
        }
    }

    public int cpuCount() {
        return cpus.length;
    }

    /**
     * Reads every counter now: /proc/stat once, the list of this JVM's threads, and one small file per thread (its
     * native name only the first time it is seen). The files stay open between reads.
     */
    public Reading read() throws IOException {
        if (stat == null) {
            stat = FileChannel.open(PROC_STAT, StandardOpenOption.READ);
        }
        // one pass over /proc/stat for both sets: the measured CPUs first, then the spare ones
        int[] both = Arrays.copyOf(cpus, cpus.length + spareCpus.length);
        System.arraycopy(spareCpus, 0, both, cpus.length, spareCpus.length);
        long[][] cpu = parseStat(readFrom(stat), both);
        long processCpu = os.getProcessCpuTime();
        Map<Long, ThreadTime> threads = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                long tid;
                try {
                    tid = Long.parseLong(task.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                try {
                    FileChannel channel = schedstats.get(tid);
                    if (channel == null) {
                        channel = FileChannel.open(task.resolve("schedstat"), StandardOpenOption.READ);
                        schedstats.put(tid, channel);
                        commByTid.put(tid, Files.readString(task.resolve("comm")).strip());
                    }
                    long[] sched = parseSchedstat(readFrom(channel));
                    String comm = commByTid.get(tid);
                    Role role = roleByName(comm);
                    // a worker of a factored pool registers when it starts, maybe after its first reading: asked
                    // every time
                    if (role == Role.OTHER && WorkerThreads.isWorker(tid)) {
                        role = Role.WORKER;
                    }
                    JvmThreads.Place place = JvmThreads.place(comm, jvmApart);
                    if (place == JvmThreads.Place.MEASURED && role == Role.JVM && JvmThreads.isCompiler(comm)
                            && CompilerPriority.policy(task) == CompilerPriority.SCHED_IDLE) {
                        place = JvmThreads.Place.SPARE; // below the program: it ran only where the program left idle
                    }
                    threads.put(tid, new ThreadTime(sched[0], sched[1], role, place));
                } catch (IOException e) {
                    // the thread ended between the listing and the read: its last counts are lost, a few µs
                    forget(tid);
                }
            }
        }
        for (Long gone : List.copyOf(schedstats.keySet())) {
            if (!threads.containsKey(gone)) {
                forget(gone);
            }
        }
        int n = cpus.length;
        return new Reading(Arrays.copyOf(cpu[0], n), Arrays.copyOf(cpu[1], n), processCpu, threads,
                jvmApart, Arrays.copyOfRange(cpu[0], n, both.length),
                Arrays.copyOfRange(cpu[1], n, both.length));
    }

    private void forget(long tid) {
        FileChannel channel = schedstats.remove(tid);
        commByTid.remove(tid);
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing to keep
            }
        }
    }

    private String readFrom(FileChannel channel) throws IOException {
        buffer.clear();
        long position = 0;
        int n;
        while ((n = channel.read(buffer, position)) > 0) {
            position += n;
            if (!buffer.hasRemaining()) {
                break; // larger than 64 KiB: /proc/stat of a huge machine; the CPU lines come first
            }
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII);
    }

    /** What happened between two readings of the same reader. */
    public static Delta between(Reading start, Reading end) {
        long busyTicks = 0;
        long totalTicks = 0;
        for (int i = 0; i < start.cpuBusyTicks().length; i++) {
            busyTicks += end.cpuBusyTicks()[i] - start.cpuBusyTicks()[i];
            totalTicks += end.cpuTotalTicks()[i] - start.cpuTotalTicks()[i];
        }
        double ownCpu = end.processCpuNanos() - start.processCpuNanos();
        double programDelay = 0;
        double workerDelay = 0;
        double workerCpu = 0;
        double jvmCpu = 0;
        double apartCpu = 0;
        double jvmOnMeasured = 0;
        for (Map.Entry<Long, ThreadTime> e : end.threads().entrySet()) {
            ThreadTime before = start.threads().getOrDefault(e.getKey(), new ThreadTime(0, 0, e.getValue().role()));
            ThreadTime after = e.getValue();
            if (!after.onMeasured()) {
                apartCpu += after.cpuNanos() - before.cpuNanos();
            }
            if (after.jvm()) {
                jvmCpu += after.cpuNanos() - before.cpuNanos();
                if (after.onMeasured() && !after.pauseWorker()) {
                    jvmOnMeasured += after.cpuNanos() - before.cpuNanos();
                }
            } else if (!end.jvmApart() || after.onMeasured()) {
                // the program's threads on the measured CPUs: the harness's main thread is apart with the JVM's
                programDelay += after.waitNanos() - before.waitNanos();
            }
            if (after.role() == Role.WORKER) {
                workerDelay += after.waitNanos() - before.waitNanos();
                workerCpu += after.cpuNanos() - before.cpuNanos();
            }
        }
        // With the JVM's threads apart, the time of the threads on the spare CPUs is left out of what is subtracted from
        // the measured CPUs' busy time. Taken from the process's time, which keeps the time of threads that ended: a
        // trial's teardown ends the pool's workers inside the last iteration, whose whole work would otherwise read as
        // another process's. (A spare thread that ended meanwhile, a compiler thread the JVM retired, loses its last
        // stretch: microseconds to milliseconds, read as less foreign time.)
        double foreign = (double) busyTicks * NANOS_PER_TICK - (end.jvmApart() ? ownCpu - apartCpu : ownCpu);
        return new Delta((double) totalTicks * NANOS_PER_TICK, foreign, programDelay, jvmCpu,
                WaitSplit.machinePart(programDelay, foreign, end.jvmApart() ? 0 : jvmCpu), workerCpu,
                WaitSplit.machinePart(workerDelay, foreign, end.jvmApart() ? 0 : jvmCpu), workerDelay,
                end.jvmApart() ? 0 : jvmOnMeasured,
                end.jvmApart() && end.spareBusyTicks().length > 0 ? SpareDelta.between(start, end) : null);
    }


    /**
     * Busy and total ticks of the given CPUs from the text of /proc/stat: {@code cpuN user nice system idle iowait
     * irq softirq steal ...}; busy is everything but idle and iowait (guest time is already inside user).
     *
     * @throws IllegalArgumentException when a CPU's line is missing or malformed
     */
    static long[][] parseStat(String text, int[] cpus) {
        Map<Integer, long[]> byCpu = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
                String[] f = Fields.of(line);
                if (f.length < 5) {
                    throw new IllegalArgumentException("/proc/stat: malformed line '" + line + "'");
                }
                long total = 0;
                long idle = 0;
                // fields 1..8: user nice system idle iowait irq softirq steal; guest and guest_nice are in user
                for (int k = 1; k < Math.min(f.length, 9); k++) {
                    long v = Long.parseLong(f[k]);
                    total += v;
                    if (k == 4 || k == 5) {
                        idle += v;
                    }
                }
                byCpu.put(Integer.parseInt(f[0].substring(3)), new long[] {total - idle, total});
            }
        }
        long[][] out = new long[2][cpus.length];
        for (int i = 0; i < cpus.length; i++) {
            long[] v = byCpu.get(cpus[i]);
            if (v == null) {
                throw new IllegalArgumentException("/proc/stat has no line for CPU " + cpus[i]);
            }
            out[0][i] = v[0];
            out[1][i] = v[1];
        }
        return out;
    }

    /** On-CPU and run-queue nanoseconds from a schedstat line: {@code <on-cpu ns> <run-queue ns> <timeslices>}. */
    static long[] parseSchedstat(String text) {
        String[] f = Fields.of(text);
        if (f.length < 2) {
            throw new IllegalArgumentException("schedstat: malformed '" + text.strip() + "'");
        }
        return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
    }

    /**
     * What a native thread name says: HotSpot's own thread, or a worker of the common pool (the JDK's threads, which
     * cannot register: {@code ForkJoinPool.commonPool-worker-N}, cut to 15 characters by the kernel), or other.
     */
    static Role roleByName(String comm) {
        if (JvmThreads.isJvmThread(comm)) {
            return Role.JVM;
        }
        return comm.startsWith("ForkJoinPool.co") ? Role.WORKER : Role.OTHER;
    }
}
