package dev.factored.gate.comparison;

import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.FamilyId;
import dev.factored.contract.HostIdentity;

/**
 * A family as measured on one host class: what the gate pairs a current run's family with in the baseline. A merged
 * analysis holds the same family once per host class (a CI matrix over two runner kinds), and a speedup is a
 * property of one machine, so each is compared with its own host's baseline.
 *
 * @param hostClass {@link HostIdentity#hostClassWithoutTopology}: a baseline recorded before the topology was still
 *                  pairs with a run of the same machine, and runs recorded before the CPU count was read from the
 *                  machine (their counts followed their first forks' pinning) are one history; empty when none was
 *                  recorded
 */
public record HostedFamily(String hostClass, FamilyId id) {

    public static HostedFamily of(FamilyAnalysis family) {
        HostIdentity host = family.measurement().environment() == null ? null
                : family.measurement().environment().host();
        return new HostedFamily(host == null ? "" : host.hostClassWithoutTopology(), family.id());
    }
}
