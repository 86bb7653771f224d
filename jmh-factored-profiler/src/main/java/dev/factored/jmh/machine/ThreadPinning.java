package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The program alone on its CPUs. The host starts a fork on its configuration's CPUs plus spare ones ({@link
 * ForkPinning}); here, at every iteration boundary, each thread of the JVM is put where {@link JvmThreads#place}
 * says: the program's threads on the measured CPUs, the JIT compilers, the collector's concurrent threads and the
 * JVM's and profiler's service threads on the spare ones. Whole-process pinning shares one CPU between the code
 * being measured and the compiler (krun dropped it for that reason), so a one-CPU time would include compile time.
 *
 * <p>Threads are moved with {@code taskset -p} on their ids (most of them at once with {@code taskset -a} when most go
 * to the same CPUs), only when some are not already where they belong, in one child process per boundary at most;
 * threads born during an iteration inherit their parent's CPUs (a compiler thread's from a compiler thread, a worker's
 * from the program), so after the first boundaries nothing moves. Each move is checked by reading the thread's
 * {@code Cpus_allowed_list} back.
 */
public final class ThreadPinning {

    public static final Path TASKS = Path.of("/proc/self/task");

    private final CpuSet measured;
    private final CpuSet spare;
    private final CpuSet both;
    private final String taskset;
    private final Path tasks;
    /** Each thread's native name, read once: a name is set before a thread runs code of ours. */
    private final Map<Long, String> nameByTid = new HashMap<>();

    public ThreadPinning(CpuSet measured, CpuSet spare, String taskset, Path tasks) {
        this.measured = measured;
        this.spare = spare;
        this.both = CpuSet.of(union(measured, spare));
        this.taskset = taskset;
        this.tasks = tasks;
    }

    /**
     * The fork's thread pinning from the host's system properties, or null when the host gave it no spare CPUs. A
     * turn's fork places its threads per member instead ({@link #ofTurnMember(int)}).
     */
    public static ThreadPinning ofProperties() {
        String measured = System.getProperty(ForkPinning.CPUS_PROPERTY);
        String spare = System.getProperty(ForkPinning.SPARE_PROPERTY);
        String taskset = System.getProperty(ForkPinning.TASKSET_PROPERTY);
        if (measured == null || spare == null || taskset == null) {
            return null;
        }
        return new ThreadPinning(CpuSet.parse(measured), CpuSet.parse(spare), taskset, TASKS);
    }

    /**
     * The placement of one member of a turn's fork ({@code cores=1+2}), from the host's system properties, or null when
     * the host gave none (the fork is not pinned). The program's threads (the benchmark's, the pools') go on the first
     * {@code cpus} CPUs of the fork's measured list in pinning order, as in a fork of that member alone. The JVM's own
     * threads go on the fork's spare CPUs; where it has none, on the fork's CPUs the member does not measure (the
     * spare CPUs a fork of a narrower member alone would have had), and only for the widest member on its measured
     * CPUs, as in its own fork without spare CPUs.
     *
     * <p>The workers of the other members' pools are program threads too, and so go on this member's CPUs: they are
     * parked for the whole iteration and take none of them, their names cannot tell the pools apart (the kernel keeps
     * 15 characters, {@code factored-pool-1} for pools 1 and 10 to 19), and the next boundary of their own member moves
     * them to its CPUs before they run. On the JVM's CPUs they would gain nothing and be moved twice as often.
     *
     * @throws IllegalArgumentException when a property is not a CPU list
     */
    public static ThreadPinning ofTurnMember(int cpus) {
        String turnCpus = System.getProperty(ForkPinning.TURN_CPUS_PROPERTY);
        String taskset = System.getProperty(ForkPinning.TASKSET_PROPERTY);
        if (turnCpus == null || taskset == null) {
            return null;
        }
        String spare = System.getProperty(ForkPinning.SPARE_PROPERTY);
        return ofTurnMember(PinningOrder.ordered(turnCpus), spare == null ? null : CpuSet.parse(spare), cpus, taskset,
                TASKS);
    }

    /** {@link #ofTurnMember(int)} from the fork's measured CPUs in pinning order and its spare CPUs (or null). */
    static ThreadPinning ofTurnMember(List<Integer> turnCpus, CpuSet spare, int cpus, String taskset, Path tasks) {
        List<Integer> measured = turnCpus.subList(0, Math.max(1, Math.min(cpus, turnCpus.size())));
        List<Integer> rest = turnCpus.subList(measured.size(), turnCpus.size());
        CpuSet jvm = spare != null ? spare : rest.isEmpty() ? CpuSet.of(measured) : CpuSet.of(rest);
        return new ThreadPinning(CpuSet.of(measured), jvm, taskset, tasks);
    }

    public CpuSet measured() {
        return measured;
    }

    /** Whether the JVM's own threads run apart from the program's: false when they share the measured CPUs. */
    public boolean apart() {
        for (int cpu : spare.toArray()) {
            if (measured.contains(cpu)) {
                return false;
            }
        }
        return true;
    }

    public CpuSet spare() {
        return spare;
    }

    /**
     * What one pass did.
     *
     * @param threads   the threads seen
     * @param moved     the threads moved and found where they belong afterwards
     * @param misplaced the threads still not where they belong after the pass (alive, but the move failed)
     * @param problem   why a move failed, or null
     */
    public record Pass(int threads, int moved, int misplaced, String problem) {
    }

    /** Puts every thread where it belongs; never throws (a failure is in the pass, for a warning). */
    public Pass apply() {
        List<Long> tids;
        try {
            tids = listTids();
        } catch (IOException e) {
            return new Pass(0, 0, 0, "cannot list " + tasks + ": " + e.getMessage());
        }
        Map<Long, CpuSet> targets = new HashMap<>();
        Map<Long, CpuSet> wanted = new HashMap<>();
        for (long tid : tids) {
            CpuSet target = target(tid);
            CpuSet now = allowed(tid);
            if (target != null) {
                targets.put(tid, target);
            }
            if (target != null && now != null && !now.equals(target)) {
                wanted.put(tid, target);
            }
        }
        Moved moved = wanted.isEmpty() ? new Moved(null, 0) : move(targets, wanted);
        int misplaced = moved.misplaced();
        nameByTid.keySet().retainAll(tids);
        return new Pass(tids.size(), wanted.size() - misplaced, misplaced, misplaced > 0 && moved.problem() == null
                ? "taskset did not change the affinity of " + misplaced + " thread(s)" : moved.problem());
    }

    /** Where a thread belongs; null when it ended before its name could be read. */
    private CpuSet target(long tid) {
        String name = nameByTid.computeIfAbsent(tid, this::readName);
        if (name == null) {
            nameByTid.remove(tid);
            return null;
        }
        return switch (JvmThreads.place(name)) {
            case MEASURED -> measured;
            case SPARE -> spare;
            case ANY -> both;
        };
    }

    private String readName(long tid) {
        try {
            return Files.readString(tasks.resolve(Long.toString(tid)).resolve("comm")).strip();
        } catch (IOException e) {
            return null;
        }
    }

    /** A thread's allowed CPUs now; null when it has ended. */
    private CpuSet allowed(long tid) {
        try {
            return CpuSet.readAllowed(tasks.resolve(Long.toString(tid)).resolve("status"));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    private List<Long> listTids() throws IOException {
        List<Long> tids = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
            for (Path task : all) {
                try {
                    tids.add(Long.parseLong(task.getFileName().toString()));
                } catch (NumberFormatException e) {
                    // not a thread
                }
            }
        }
        return tids;
    }

    /** The threads of {@code wanted} that are alive and still not where they belong. */
    private Map<Long, CpuSet> misplaced(Map<Long, CpuSet> wanted) {
        Map<Long, CpuSet> left = new HashMap<>();
        for (Map.Entry<Long, CpuSet> e : wanted.entrySet()) {
            CpuSet now = allowed(e.getKey());
            if (now != null && !now.equals(e.getValue())) {
                left.put(e.getKey(), e.getValue());
            }
        }
        return left;
    }

    /**
     * Moves the threads of {@code wanted} in one child process. Where most of them go to the same CPUs (the host's
     * threads off a fork's CPUs and back, every JVM thread of a fork at its first boundary), one {@code taskset -a}
     * moves the whole process there and the threads that belong elsewhere are put back one by one: a {@code taskset}
     * is about a millisecond, and the host moved its 20 threads one at a time twice a fork. A thread that ended during
     * {@code taskset -a} stops it (as does a taskset that cannot run), so whatever it left is moved one by one after
     * all. Where every thread goes to the same CPUs, taskset runs without a shell.
     */
    private Moved move(Map<Long, CpuSet> targets, Map<Long, CpuSet> wanted) {
        Map<CpuSet, Integer> byTarget = new HashMap<>();
        wanted.values().forEach(t -> byTarget.merge(t, 1, Integer::sum));
        CpuSet most = byTarget.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        List<String> elsewhere = new ArrayList<>();
        targets.forEach((tid, target) -> {
            if (!target.equals(most)) {
                elsewhere.add(target + ":" + tid);
            }
        });
        if (!tasks.equals(TASKS) || byTarget.get(most) <= elsewhere.size() + 1) {
            return new Moved(oneByOne(wanted), misplaced(wanted).size());
        }
        String pid = Long.toString(ProcessHandle.current().pid());
        List<String> command = new ArrayList<>(elsewhere.isEmpty()
                ? List.of(taskset, "-a", "-p", "-c", most.toString(), pid)
                : List.of("sh", "-c", "\"$0\" -a -p -c \"$1\" \"$2\" >/dev/null 2>&1; shift 2; " + EACH, taskset,
                        most.toString(), pid));
        command.addAll(elsewhere);
        runChild(command, "taskset"); // what it did is read back: whatever is left goes one by one, which says why
        Map<Long, CpuSet> left = misplaced(targets); // those put back after taskset -a too, not only those it moved
        if (left.isEmpty()) {
            return new Moved(null, 0); // every thread read back where it belongs: no second read
        }
        return new Moved(oneByOne(left), misplaced(wanted).size());
    }

    /**
     * What a move did: why it failed (null when every child ended), and how many of the threads it was asked to move are
     * alive and still not where they belong, as read back after its last child.
     */
    private record Moved(String problem, int misplaced) {
    }

    /** Moves each thread on its own: one child process, {@code sh} looping over {@code cpus:tid} pairs. */
    private String oneByOne(Map<Long, CpuSet> wanted) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", EACH, taskset));
        wanted.forEach((tid, target) -> command.add(target + ":" + tid));
        return runChild(command, "taskset");
    }

    /**
     * The loop over {@code cpus:tid} pairs (numbers and separators only), {@code $0} the taskset. A thread that ended
     * meanwhile makes its taskset fail, which is not a problem: the pass checks the rest.
     */
    private static final String EACH = "for m; do \"$0\" -p -c \"${m%%:*}\" \"${m#*:}\" >/dev/null 2>&1; done";

    /**
     * Runs one short child process at a boundary (taskset, chrt) for at most 10 s, its output discarded; null when it
     * ended, else what went wrong, naming {@code tool}. Never throws.
     */
    static String runChild(List<String> command, String tool) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return tool + " did not finish in 10 s";
            }
            return null;
        } catch (IOException e) {
            return "cannot run sh/" + tool + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while running " + tool;
        }
    }

    private static List<Integer> union(CpuSet a, CpuSet b) {
        List<Integer> all = new ArrayList<>();
        for (int c : a.toArray()) {
            all.add(c);
        }
        for (int c : b.toArray()) {
            all.add(c);
        }
        return all;
    }
}
