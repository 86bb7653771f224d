package dev.factored.jmh.machine;

import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The default {@code cores} configurations for a machine's topology: baseline, elision, span; powers of two below
 * the physical cores, the physical core count; then the hardware-thread count as one SMT point when the allowed
 * CPUs have SMT siblings; and the bandwidth test on every physical core. A CPU quota caps the list: a point above
 * it would share the quota (oversubscribed by quota). Where the topology cannot be read, the CPUs the JVM sees stand
 * for cores and threads alike. The one place the default list is decided: the run goal and the CLI take it from here.
 */
final class DefaultCores {

    private DefaultCores() {
    }

    static List<CoresValue> of(CpuTopology topology, PinningOrder order) {
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
    static List<CoresValue> of(int physicalCores, int hardwareThreads) {
        List<CoresValue> cores = new ArrayList<>(List.of(CoresValue.BASELINE_VALUE, CoresValue.ELISION_VALUE,
                CoresValue.SPAN_VALUE));
        for (int p = 1; p < physicalCores; p *= 2) {
            cores.add(CoresValue.workers(p));
        }
        cores.add(CoresValue.workers(physicalCores));
        if (hardwareThreads > physicalCores) {
            cores.add(CoresValue.workers(hardwareThreads));
        }
        if (physicalCores >= 2) {
            cores.add(new CoresValue(CoresValue.Kind.BANDWIDTH, physicalCores));
        }
        return cores;
    }
}
