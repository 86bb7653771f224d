package dev.factored.forkjoin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;
import java.util.stream.Stream;

/**
 * The kernel's count of how long threads of this JVM were ready to run but not running (the second field of
 * {@code /proc/self/task/<tid>/schedstat}): the delay a neighbour on the machine imposes, measured independently of
 * the clocks a timing test reads. A test reads it around each operation so that it can tell a quiet operation
 * from a disturbed one, and say how much the machine took when it skips. Linux only: elsewhere every reading is
 * {@link #UNAVAILABLE}, every operation counts as quiet, and a test asserts as on a quiet machine (it fails rather
 * than skips: there is no figure to explain a miss with).
 */
public final class RunQueue {

    /** No schedstat here (not Linux, or a kernel without CONFIG_SCHEDSTATS). */
    public static final long UNAVAILABLE = -1;

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path SELF = Path.of("/proc/thread-self/schedstat");

    private RunQueue() {
    }

    /** Run-queue wait in ns of the pools' workers (those registered in {@link WorkerThreads}), summed. */
    public static long workers() {
        return threads(WorkerThreads::isWorker);
    }

    /**
     * The workers' run-queue wait, read once none of them is runnable (all parked), or {@link #UNAVAILABLE} when they
     * are still runnable after {@code timeoutMillis}. The kernel adds a wait to the count only when it ends (when the
     * thread gets its CPU): a worker that is still waiting, or still searching for work, at a reading would have its
     * wait counted later, in the wrong operation. Two readings taken while every worker sleeps count every wait in
     * between, and nothing else.
     */
    public static long workersAsleep(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (anyRunnable(WorkerThreads::isWorker)) {
            if (System.nanoTime() > deadline) {
                return UNAVAILABLE;
            }
            LockSupport.parkNanos(50_000); // leave the CPU to the workers that are on their way to park
        }
        return workers();
    }

    /**
     * The run-queue wait of everything an operation on a pool runs on: the workers ({@link #workersAsleep}) and the
     * calling thread, which hands the operation over and is woken at its end. {@link #UNAVAILABLE} when either is.
     */
    public static long operation(long timeoutMillis) {
        long workers = workersAsleep(timeoutMillis);
        long self = self();
        return workers < 0 || self < 0 ? UNAVAILABLE : workers + self;
    }

    /** Whether /proc reads here at all (Linux with schedstat). */
    public static boolean available() {
        return Files.isReadable(SELF);
    }

    /** Whether any selected thread is running or ready to run (state R in {@code /proc/self/task/<tid>/stat}). */
    static boolean anyRunnable(LongPredicate which) {
        try {
            for (Path task : tasks(which)) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    // "<tid> (<comm>) <state> ...": the name may hold spaces and parentheses
                    if (stat.charAt(stat.lastIndexOf(')') + 2) == 'R') {
                        return true;
                    }
                } catch (IOException e) {
                    // the thread ended
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /** The {@code /proc/self/task/<tid>} directories of the threads of this JVM that {@code which} selects. */
    private static List<Path> tasks(LongPredicate which) throws IOException {
        List<Path> selected = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    if (which.test(Long.parseLong(task.getFileName().toString()))) {
                        selected.add(task);
                    }
                } catch (NumberFormatException e) {
                    // not a thread's directory
                }
            }
        }
        return selected;
    }

    /** Run-queue wait in ns of the calling thread. */
    public static long self() {
        try {
            return waitOf(SELF);
        } catch (IOException | RuntimeException e) {
            return UNAVAILABLE;
        }
    }

    /** Run-queue wait in ns of the threads whose native name ({@code comm}, 15 characters) starts with a prefix. */
    public static long named(String prefix) {
        String cut = prefix.length() > 15 ? prefix.substring(0, 15) : prefix;
        return threads(tid -> {
            try {
                return Files.readString(TASKS.resolve(Long.toString(tid)).resolve("comm")).startsWith(cut);
            } catch (IOException e) {
                return false;
            }
        });
    }

    /** Run-queue wait in ns of the threads of this JVM that {@code which} selects, summed. */
    static long threads(LongPredicate which) {
        if (!Files.isReadable(SELF)) {
            return UNAVAILABLE;
        }
        long sum = 0;
        try {
            for (Path task : tasks(which)) {
                try {
                    sum += waitOf(task.resolve("schedstat"));
                } catch (IOException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return UNAVAILABLE;
        }
        return sum;
    }

    private static long waitOf(Path schedstat) throws IOException {
        String[] f = Files.readString(schedstat).trim().split("\\s+");
        return Long.parseLong(f[1]);
    }

    /**
     * The wait between two readings; {@link #UNAVAILABLE} where the kernel counts nothing, and
     * {@link Long#MAX_VALUE} (a disturbance of unknown size) when a reading failed, e.g. the workers did not park.
     */
    public static long between(long before, long after) {
        if (!available()) {
            return UNAVAILABLE;
        }
        return before < 0 || after < 0 ? Long.MAX_VALUE : after - before;
    }

    /** A wait for a message: µs, "not counted" or "unknown". */
    public static String micros(long nanos) {
        return nanos == UNAVAILABLE ? "not counted" : nanos == Long.MAX_VALUE ? "unknown (no parking)"
                : String.format(java.util.Locale.ROOT, "%.1f us", nanos / 1e3);
    }
}
