package dev.factored.jmh.machine;

import java.util.List;

/** Whether a candidate spare CPU slows the measured ones: {@link CpuCoupling}'s measurement, or a fixed answer. */
@FunctionalInterface
public interface CouplingCheck {

    CpuCoupling.Finding test(List<Integer> measured, int candidate);
}
