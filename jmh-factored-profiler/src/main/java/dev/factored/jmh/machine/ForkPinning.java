package dev.factored.jmh.machine;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How one JMH fork is started: the command prefix that pins it (before the java binary), the JVM
 * options that tell it how many CPUs it has and how it was pinned, and a line for the log.
 *
 * @param state          what happened, also passed to the fork as {@value #STATE_PROPERTY}
 * @param cpus           the measured CPUs of the fork as a list such as {@code 0-1}, or null when not pinned
 * @param spareCpus      the CPUs the JVM's own threads are moved to ({@link ThreadPinning}), or null when none is
 *                       spare (every allowed CPU is measured) or the fork is not pinned
 * @param invokeOptions  {@code taskset -c <cpus and spareCpus>}, or empty (a turn, {@code cores=1+2}, is pinned for its
 *                       widest member)
 * @param jvmOptions     {@code -XX:ActiveProcessorCount}, and the system properties for the fork
 * @param note           one line saying what was done and why
 */
public record ForkPinning(State state, String cpus, String spareCpus, List<String> invokeOptions, List<String> jvmOptions, String note) {

    /** System property of the fork: one of {@link State}'s names, lower case. Absent: not forked by us. */
    public static final String STATE_PROPERTY = "factored.pinning";
    /** System property of the fork: the CPU list it was pinned to; absent when it was not pinned. */
    static final String CPUS_PROPERTY = "factored.pinnedCpus";
    /** System property of the fork: the spare CPUs for the JVM's own threads; absent when there are none. */
    static final String SPARE_PROPERTY = "factored.spareCpus";
    /** System property of the fork: the taskset binary that moves its threads. */
    static final String TASKSET_PROPERTY = "factored.taskset";
    /**
     * System property of a turn's fork ({@link CoresTurn}): its measured CPUs in pinning order, comma-separated; the
     * member of an iteration runs on the first {@code cpus()} of them ({@link ThreadPinning#ofTurnMember}).
     */
    static final String TURN_CPUS_PROPERTY = "factored.turnCpus";
    /**
     * At most this many spare CPUs, the next ones in the pinning order: one for each JIT compiler (C1 and C2 compile
     * at once) keeps a warm-up as short as on an unpinned JVM; more would only be idle.
     */
    static final int SPARE_CPUS = 2;

    public enum State {
        /** Pinned to exactly the CPUs its configuration asks for. */
        PINNED,
        /** More workers than allowed CPUs: pinned to all allowed CPUs, sharing them. */
        OVERSUBSCRIBED,
        /** Pinning switched off with pin=false. */
        DISABLED,
        /** No Linux CPU list or no taskset here. */
        UNAVAILABLE,
        /** The benchmark has no (valid) {@code cores} parameter: not a factored benchmark, left alone. */
        NOT_FACTORED;

        String property() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static State ofProperty(String value) {
            for (State s : values()) {
                if (s.property().equals(value)) {
                    return s;
                }
            }
            return null;
        }

        public boolean pinned() {
            return this == PINNED || this == OVERSUBSCRIBED;
        }

        /** Whether the host allowed pinning: not pinning was a choice (pin=false), not a limit. Null: not ours. */
        public Boolean pinnable() {
            return this == NOT_FACTORED ? null : this != UNAVAILABLE;
        }
    }

    /**
     * What the host knows about pinning, gathered once: the allowed CPUs (or why they are unknown) and
     * the taskset binary (or null).
     */
    public record Host(CpuSet allowed, String allowedProblem, Path taskset, PinningOrder order, CpuTopology topology) {

        /** Without topology: CPUs taken in ascending order. */
        Host(CpuSet allowed, String allowedProblem, Path taskset) {
            this(allowed, allowedProblem, taskset, allowed == null ? null
                    : new PinningOrder(java.util.Arrays.stream(allowed.toArray()).boxed().toList(), PinningOrder.PLAIN),
                    null);
        }

        /**
         * The facts about this machine as this process first read them ({@link MachineAtStart#topology()}: the host
         * moves its own threads while its forks run), CPUs taken in {@code cpuOrder} ({@link PinningOrder#of}).
         */
        public static Host ofThisMachine(String cpuOrder) {
            Path taskset = findOnPath("taskset", System.getenv("PATH"));
            if (!Files.isReadable(CpuSet.PROC_SELF_STATUS)) {
                return new Host(null, "not Linux: no " + CpuSet.PROC_SELF_STATUS, taskset);
            }
            CpuTopology topology = MachineAtStart.topology();
            if (topology.allowed() == null) {
                // rare: read the allowed CPUs once more for the reader's own error, rather than parse its sentence
                try {
                    CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
                    return new Host(null, "the allowed CPUs could not be read when the profiler started", taskset);
                } catch (IOException | IllegalArgumentException e) {
                    return new Host(null, e.getMessage(), taskset);
                }
            }
            return new Host(topology.allowed(), null, taskset, PinningOrder.of(topology, cpuOrder), topology);
        }
    }

    /** The first executable {@code name} in the directories of {@code path}, or null. */
    static Path findOnPath(String name, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        return null;
    }

    /**
     * Plans the pinning of one fork. Pure: every fact about the host comes in through {@code host}.
     *
     * @param benchmark   the benchmark's name, for the note
     * @param cores       the fork's {@code cores} parameter, its text null when the benchmark has none
     * @param pin         the profiler's {@code pin} option
     */
    public static ForkPinning plan(String benchmark, ForkCores cores, boolean pin, Host host) {
        if (cores.text() == null) {
            return unpinned(State.NOT_FACTORED, benchmark + " has no 'cores' parameter: its fork is left as it is "
                    + "(not pinned); add the Cores state to measure it with factored");
        }
        if (cores.problem() != null) {
            return unpinned(State.NOT_FACTORED, benchmark + ": " + cores.problem() + "; the fork is not pinned");
        }
        CoresValue configuration = cores.configuration();
        CoresTurn turn = cores.turn();
        // A turn's fork is pinned for its widest member; the fork moves its threads onto each member's CPUs.
        int wanted = turn != null ? turn.cpus() : configuration.cpus();
        String what = benchmark + " cores=" + (turn != null ? turn : configuration);
        if (!pin) {
            return unpinned(State.DISABLED, what + ": NOT pinned (pin=false); the fork may use every CPU of the host");
        }
        if (host.allowed() == null) {
            return unpinned(State.UNAVAILABLE, what + ": NOT pinned, the allowed CPUs are unknown ("
                    + host.allowedProblem() + ")");
        }
        if (host.taskset() == null) {
            return unpinned(State.UNAVAILABLE, what + ": NOT pinned, no taskset on the PATH (Linux util-linux)");
        }
        List<Integer> order = host.order().cpus();
        List<Integer> measured = host.order().first(wanted);
        CpuSet chosen = CpuSet.of(measured);
        boolean oversubscribed = wanted > order.size();
        State state = oversubscribed ? State.OVERSUBSCRIBED : State.PINNED;
        String list = chosen.toString();
        List<Integer> spareList = spare(order, measured, host.topology());
        String spare = spareList.isEmpty() ? null : CpuSet.of(spareList).toString();
        List<Integer> forkList = new java.util.ArrayList<>(measured);
        forkList.addAll(spareList);
        String forkCpus = CpuSet.of(forkList).toString();
        List<String> invoke = List.of(host.taskset().toString(), "-c", forkCpus);
        List<String> jvm = new java.util.ArrayList<>(List.of(
                "-XX:ActiveProcessorCount=" + chosen.size(),
                "-D" + CPUS_PROPERTY + "=" + list,
                "-D" + STATE_PROPERTY + "=" + state.property()));
        if (spare != null) {
            jvm.add("-D" + SPARE_PROPERTY + "=" + spare);
        }
        if (spare != null || turn != null) {
            jvm.add("-D" + TASKSET_PROPERTY + "=" + host.taskset());
        }
        if (turn != null) {
            // in pinning order, which the sorted list above loses: member P runs on the first P of them
            jvm.add("-D" + TURN_CPUS_PROPERTY + "=" + String.join(",", measured.stream().map(String::valueOf).toList()));
        }
        CpuLabels labels = host.topology() == null ? null : CpuLabels.of(host.topology(), measured);
        if (labels != null) {
            jvm.add("-D" + CpuLabels.PROPERTY + "=" + labels.property(host.topology()));
        }
        if (labels != null && turn != null) {
            new java.util.TreeSet<>(turn.members().stream().map(CoresValue::cpus).toList()).forEach(n -> jvm.add("-D"
                    + CpuLabels.memberProperty(n) + "=" + CpuLabels.of(host.topology(), host.order().first(n))
                    .property(host.topology())));
        }
        String note = oversubscribed
                ? what + ": OVERSUBSCRIBED, " + wanted + " wanted but only " + order.size()
                        + " CPUs allowed (" + host.allowed() + "); pinned to all of them: taskset -c " + list
                : what + ": pinned to CPUs " + list + " (taskset -c " + forkCpus + ", -XX:ActiveProcessorCount="
                        + chosen.size() + ")";
        note += spare != null ? "; the JVM's own threads (JIT, GC, service) on CPU " + spare
                : "; no spare CPU: the JVM's own threads (JIT, GC) share the measured CPUs";
        if (labels != null) {
            note += "; " + labels.describe();
        }
        if (turn != null) {
            note += "; in turn: each iteration's member runs on the first of these CPUs it would have alone";
        }
        return new ForkPinning(state, list, spare, invoke, List.copyOf(jvm), note);
    }

    /**
     * Up to {@link #SPARE_CPUS} CPUs after the measured ones in the pinning order, those of physical cores no measured
     * CPU is on first: a compiler on an SMT sibling would share the core's execution units with a measured thread.
     * Siblings only where nothing else is left (still better than the same CPU, which it would share in time).
     */
    static List<Integer> spare(List<Integer> order, List<Integer> measured, CpuTopology topology) {
        List<Integer> rest = order.subList(Math.min(measured.size(), order.size()), order.size());
        java.util.Map<Integer, String> coreOf = new java.util.HashMap<>();
        if (topology != null) {
            topology.cpus().forEach(c -> coreOf.put(c.id(), c.core()));
        }
        java.util.Set<String> measuredCores = new java.util.HashSet<>();
        measured.forEach(c -> measuredCores.add(coreOf.getOrDefault(c, "cpu" + c)));
        List<Integer> spare = new java.util.ArrayList<>();
        rest.stream().filter(c -> !measuredCores.contains(coreOf.getOrDefault(c, "cpu" + c))).forEach(spare::add);
        rest.stream().filter(c -> !spare.contains(c)).forEach(spare::add);
        return List.copyOf(spare.subList(0, Math.min(SPARE_CPUS, spare.size())));
    }

    private static ForkPinning unpinned(State state, String note) {
        return new ForkPinning(state, null, null, List.of(), List.of("-D" + STATE_PROPERTY + "=" + state.property()), note);
    }
}
