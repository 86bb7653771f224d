package dev.factored.jmh.machine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The order in which configurations take CPUs: configuration P (and the bandwidth test bandwidth-P) is pinned to
 * the first P CPUs of it.
 *
 * <p>The topology order puts one hardware thread of every physical core first, performance cores before
 * efficiency ones, filling a package and within it a NUMA node before the next; then the second hardware threads
 * of the cores in the same order, and so on. So P up to the number of physical cores measures P cores, not P
 * hyperthreads of P/2 cores, and a second node or socket is entered only when the first is full.
 *
 * @param cpus the allowed CPUs in pinning order
 * @param how  {@value #TOPOLOGY}, {@value #PLAIN} or the user's list
 */
public record PinningOrder(List<Integer> cpus, String how) {

    public static final String TOPOLOGY = "topology";
    public static final String PLAIN = "plain";

    public PinningOrder {
        cpus = List.copyOf(cpus);
    }

    /**
     * The order the profiler's {@code cpuOrder} option asks for: {@value #TOPOLOGY} (default, also for null),
     * {@value #PLAIN} (ascending CPU numbers, as before topology was read) or the user's own CPU list such as
     * {@code 0,2,4,6,1,3,5,7}, taken in the order written (ranges ascending). CPUs of the user's list that are not
     * allowed are left out.
     *
     * @throws IllegalArgumentException for a list that is not a CPU list, or holds no allowed CPU
     */
    static PinningOrder of(CpuTopology topology, String option) {
        String how = option == null || option.isBlank() ? TOPOLOGY : option.strip();
        List<Integer> usable = topology.usable().stream().map(CpuTopology.Cpu::id).toList();
        if (usable.isEmpty() && topology.allowed() != null) {
            usable = java.util.Arrays.stream(topology.allowed().toArray()).boxed().toList();
        }
        switch (how.toLowerCase(Locale.ROOT)) {
            case TOPOLOGY:
                return new PinningOrder(topologyOrder(topology), TOPOLOGY);
            case PLAIN:
                return new PinningOrder(new TreeSet<>(usable).stream().toList(), PLAIN);
            default:
                List<Integer> own = new ArrayList<>();
                Set<Integer> allowed = new TreeSet<>(usable);
                for (int cpu : ordered(how)) {
                    if (allowed.isEmpty() || allowed.contains(cpu)) {
                        own.add(cpu);
                    }
                }
                if (own.isEmpty()) {
                    throw new IllegalArgumentException("cpuOrder '" + how + "' names none of the allowed CPUs "
                            + (topology.allowed() == null ? "" : topology.allowed()));
                }
                return new PinningOrder(own, how);
        }
    }

    /** Physical cores first (one thread each), then their further threads; see the class comment. */
    static List<Integer> topologyOrder(CpuTopology topology) {
        Map<String, List<CpuTopology.Cpu>> cores = CpuTopology.cores(topology.usable());
        List<List<CpuTopology.Cpu>> sorted = new ArrayList<>(cores.values());
        sorted.sort(Comparator.<List<CpuTopology.Cpu>>comparingInt(c -> c.get(0).kind().rank())
                .thenComparingInt(c -> c.get(0).pkg())
                .thenComparingInt(c -> c.get(0).node())
                .thenComparingInt(c -> c.get(0).die())
                .thenComparingInt(c -> c.get(0).id()));
        List<Integer> order = new ArrayList<>();
        int widest = sorted.stream().mapToInt(List::size).max().orElse(0);
        for (int thread = 0; thread < widest; thread++) {
            for (List<CpuTopology.Cpu> core : sorted) {
                if (thread < core.size()) {
                    order.add(core.get(thread).id());
                }
            }
        }
        return order;
    }

    /** The first {@code n} CPUs of the order (all of them when there are fewer). */
    List<Integer> first(int n) {
        return cpus.subList(0, Math.min(Math.max(n, 0), cpus.size()));
    }

    /** A CPU list in the order written: {@code 4,0-1} gives 4, 0, 1. */
    public static List<Integer> ordered(String list) {
        Set<Integer> out = new LinkedHashSet<>();
        for (String item : list.split(",", -1)) {
            CpuSet part = CpuSet.parse(item);   // names the item when it is not a CPU number or range
            for (int cpu : part.toArray()) {
                out.add(cpu);
            }
        }
        return List.copyOf(out);
    }
}
