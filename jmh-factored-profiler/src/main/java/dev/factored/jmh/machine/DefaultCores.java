package dev.factored.jmh.machine;

import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The default {@code cores} configurations for a machine's topology: baseline, elision, span; powers of two below
 * the physical cores, the physical core count; then the hardware-thread count as one SMT point when the allowed
 * CPUs have SMT siblings; and the bandwidth test on every physical core. A CPU quota caps the list: a point above
 * it would share the quota (oversubscribed by quota).
 */
final class DefaultCores {

    private DefaultCores() {
    }

    static List<String> of(CpuTopology topology, PinningOrder order) {
        List<Integer> usable = order.cpus();
        int threads = usable.size();
        int physical = CpuLabels.of(topology, usable).physicalCores();
        if (topology.quotaCpus() != null) {
            int quota = Math.max(1, (int) Math.floor(topology.quotaCpus() + 1e-9));
            threads = Math.min(threads, quota);
            physical = Math.min(physical, quota);
        }
        return of(Math.max(1, physical), Math.max(1, threads));
    }

    /** For {@code physicalCores} cores with {@code hardwareThreads} threads in all (equal without SMT). */
    static List<String> of(int physicalCores, int hardwareThreads) {
        List<String> cores = new ArrayList<>(List.of(CoresValue.BASELINE, CoresValue.ELISION, CoresValue.SPAN));
        for (int p = 1; p < physicalCores; p *= 2) {
            cores.add(Integer.toString(p));
        }
        cores.add(Integer.toString(physicalCores));
        if (hardwareThreads > physicalCores) {
            cores.add(Integer.toString(hardwareThreads));
        }
        if (physicalCores >= 2) {
            cores.add(CoresValue.BANDWIDTH + physicalCores);
        }
        return cores;
    }
}
