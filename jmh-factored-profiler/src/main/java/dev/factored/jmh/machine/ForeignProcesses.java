package dev.factored.jmh.machine;

import dev.factored.contract.ForeignProcess;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who took the fork's CPUs: the other processes whose CPU time grew between two readings, each weighed by the share
 * of its allowed CPUs that are the fork's (a process that may run anywhere is assumed to spread evenly; one pinned
 * elsewhere took nothing from the fork). Read from {@code /proc/<pid>/stat} (user and system ticks of all its
 * threads) at iteration ends only, never on a task's path: one scan of {@code /proc} costs about as much as reading
 * one small file per process (2.6 ms for 87 processes here).
 */
public final class ForeignProcesses {

    /** A process and its share of the fork's CPUs' time between two readings. */
    public record Taker(ForeignProcess process, double share) {
    }

    private final Path proc;
    private CpuSet forkCpus;
    private final long self;
    /** Each process's user + system ticks at the last reading. */
    private Map<Long, Long> lastTicks;
    /** The share of each process's allowed CPUs that are the fork's, read once per process. */
    private final Map<Long, Double> overlapByPid = new HashMap<>();

    public ForeignProcesses(Path proc, CpuSet forkCpus, long self) {
        this.proc = proc;
        this.forkCpus = forkCpus;
        this.self = self;
    }

    /**
     * Weighs processes by their share of {@code cpus} from here on: a turn's fork ({@code cores=1+2}) measures each
     * iteration on its member's CPUs. The ticks of the last reading are kept, so the next interval is still one.
     */
    public void measure(CpuSet cpus) {
        if (!cpus.equals(forkCpus)) {
            forkCpus = cpus;
            overlapByPid.clear();
        }
    }

    /**
     * Reads every process's ticks now and returns the processes that took at least {@code minShare} of {@code
     * forkCpuNanos} since the last reading, largest first, at most {@code limit}; empty on the first reading.
     */
    public List<Taker> since(double forkCpuNanos, double minShare, int limit) throws IOException {
        Map<Long, Long> ticks = new HashMap<>();
        Map<Long, String> commands = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc)) {
            for (Path entry : entries) {
                long pid = pid(entry.getFileName().toString());
                if (pid <= 0 || pid == self) {
                    continue;
                }
                try {
                    String stat = Files.readString(entry.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    String[] f = Fields.of(stat.substring(close + 2));
                    // after "pid (comm) ": state is field 3, so utime (14) and stime (15) are f[11] and f[12]
                    ticks.put(pid, Long.parseLong(f[11]) + Long.parseLong(f[12]));
                    commands.put(pid, printable(stat.substring(open + 1, close)));
                } catch (IOException | RuntimeException e) {
                    // the process ended between the listing and the read, or is not readable: it is not named
                }
            }
        }
        Map<Long, Long> previous = lastTicks;
        lastTicks = ticks;
        overlapByPid.keySet().retainAll(ticks.keySet());
        if (previous == null || !(forkCpuNanos > 0)) {
            return List.of();
        }
        List<Taker> takers = new ArrayList<>();
        for (Map.Entry<Long, Long> e : ticks.entrySet()) {
            Long before = previous.get(e.getKey());
            long delta = e.getValue() - (before == null ? 0 : before);
            if (delta <= 0) {
                continue;
            }
            double share = delta * Interference.NANOS_PER_TICK * overlap(e.getKey()) / forkCpuNanos;
            if (share >= minShare) {
                takers.add(new Taker(new ForeignProcess(e.getKey(), commands.get(e.getKey())), share));
            }
        }
        takers.sort(Comparator.comparingDouble(Taker::share).reversed());
        return takers.size() > limit ? List.copyOf(takers.subList(0, limit)) : List.copyOf(takers);
    }

    private double overlap(long pid) {
        return overlapByPid.computeIfAbsent(pid, p -> {
            try {
                CpuSet allowed = CpuSet.readAllowed(proc.resolve(Long.toString(p)).resolve("status"));
                int shared = 0;
                for (int cpu : allowed.toArray()) {
                    shared += forkCpus.contains(cpu) ? 1 : 0;
                }
                return (double) shared / allowed.size();
            } catch (IOException | RuntimeException e) {
                return 1.0; // unknown affinity: it may have run on the fork's CPUs
            }
        });
    }

    /** The kernel's name of a process with what a terminal would act on shown as '?': any process may name itself. */
    static String printable(String command) {
        StringBuilder sb = new StringBuilder(command.length());
        for (int i = 0; i < command.length(); ) {
            int c = command.codePointAt(i);
            sb.appendCodePoint(Character.isISOControl(c) || Character.getType(c) == Character.FORMAT ? '?' : c);
            i += Character.charCount(c);
        }
        return sb.toString();
    }

    /** The pid a directory of /proc names, or -1; plain loops, as everything read at iteration boundaries. */
    private static long pid(String name) {
        if (name.isEmpty() || name.length() > 18) {
            return -1;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(name);
    }
}
