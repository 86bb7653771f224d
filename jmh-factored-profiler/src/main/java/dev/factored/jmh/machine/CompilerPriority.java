package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JIT compilers below the program where they share its CPUs. A fork with no spare CPU (its P is every CPU it may
 * use, the widest member of a turn) runs the compilers on the measured CPUs, and a compile that a measured iteration
 * starts takes a CPU from the workers for as long as it lasts (C2 took 0.1–0.45 s for single methods on this project's
 * 2-CPU machine; iterations in which it ran read T_2 up to 60 % longer). Under Linux's {@code SCHED_IDLE} policy the
 * compilers run only on a CPU the program leaves idle: while a worker parks, between operations, at the iteration
 * boundary, where the profiler waits for them ({@link CompilerQuiet}). The compilers' threads are set with
 * {@code chrt} beside the host's {@code taskset}, and read back from {@code /proc/self/task/<tid>/stat}.
 *
 * <p>An unprivileged thread cannot leave {@code SCHED_IDLE} again (Linux asks for {@code CAP_SYS_NICE} or a raised
 * {@code RLIMIT_NICE}, {@link #canLeaveIdle}). In a turn's fork the narrower members give the compilers a spare CPU,
 * where other processes would starve them under {@code SCHED_IDLE}; so a turn's fork puts them below the program only
 * where it may put them back.
 */
public final class CompilerPriority {

    /** Linux's policy numbers, as {@code /proc/<pid>/stat} field 41 gives them. */
    static final int SCHED_OTHER = 0;
    static final int SCHED_IDLE = 5;

    private final String chrt;
    private final Path tasks;
    private final CompilerThreads compilers;

    CompilerPriority(String chrt, Path tasks) {
        this.chrt = chrt;
        this.tasks = tasks;
        this.compilers = new CompilerThreads(tasks);
    }

    /**
     * For a fork the host pinned: {@code chrt} from the directory of its {@code taskset}; null when the fork is not
     * pinned or there is no {@code chrt}.
     */
    public static CompilerPriority ofProperties() {
        String taskset = System.getProperty(ForkPinning.TASKSET_PROPERTY);
        if (taskset == null) {
            return null;
        }
        Path chrt = Path.of(taskset).resolveSibling("chrt");
        return Files.isExecutable(chrt) ? new CompilerPriority(chrt.toString(), ThreadPinning.TASKS) : null;
    }

    /**
     * Puts every compiler thread under {@code SCHED_IDLE} when {@code belowProgram}, else under {@code SCHED_OTHER}
     * (where allowed); null when they are as asked, else what went wrong (never thrown: the measurement goes on).
     */
    public String apply(boolean belowProgram) {
        int wanted = belowProgram ? SCHED_IDLE : SCHED_OTHER;
        List<String> tids = new ArrayList<>();
        try {
            for (Path task : compilers.now()) {
                int policy = policy(task);
                if (policy >= 0 && policy != wanted) {
                    tids.add(task.getFileName().toString());
                }
            }
        } catch (IOException e) {
            return "cannot list " + tasks + ": " + e.getMessage();
        }
        if (tids.isEmpty()) {
            return null;
        }
        String problem = run(belowProgram ? "-i" : "-o", tids);
        if (problem != null) {
            return problem;
        }
        int left = 0;
        for (String tid : tids) {
            int now = policy(tasks.resolve(tid));
            left += now >= 0 && now != wanted ? 1 : 0;
        }
        return left == 0 ? null : "chrt " + (belowProgram ? "-i" : "-o") + " did not change the policy of " + left
                + " compiler thread(s)" + (belowProgram ? "" : " (leaving SCHED_IDLE needs CAP_SYS_NICE)");
    }

    /**
     * Whether this JVM may put a thread back under {@code SCHED_OTHER} once it is under {@code SCHED_IDLE}: with
     * {@code CAP_SYS_NICE} (bit 23 of {@code CapEff} in {@code status}), or a soft {@code RLIMIT_NICE} of 20 or more
     * ({@code Max nice priority} in {@code limits}). False when neither can be read.
     */
    public static boolean canLeaveIdle(Path status, Path limits) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("CapEff:")) {
                    long caps = Long.parseUnsignedLong(line.substring("CapEff:".length()).strip(), 16);
                    if ((caps & (1L << 23)) != 0) {
                        return true;
                    }
                }
            }
            for (String line : Files.readAllLines(limits)) {
                if (line.startsWith("Max nice priority")) {
                    String[] f = Fields.of(line.substring("Max nice priority".length()));
                    return f.length > 0 && !f[0].equals("unlimited") ? Long.parseLong(f[0]) >= 20 : f.length > 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /** Field 41 of the thread's {@code stat}: its scheduling policy; -1 when it ended or the field is missing. */
    static int policy(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            String[] f = Fields.of(stat.substring(stat.lastIndexOf(')') + 1));
            return f.length > 38 ? Integer.parseInt(f[38]) : -1; // f[0] is field 3, the state
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** One child process for all threads: {@code chrt <policy> -p 0 <tid>} for each (digits only). */
    private String run(String policy, List<String> tids) {
        List<String> command = new ArrayList<>(List.of("sh", "-c",
                "p=$1; shift; for t; do \"$0\" \"$p\" -p 0 \"$t\" >/dev/null 2>&1; done", chrt, policy));
        command.addAll(tids);
        return ThreadPinning.runChild(command, "chrt");
    }
}
