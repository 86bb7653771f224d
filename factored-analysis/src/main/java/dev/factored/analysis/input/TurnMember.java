package dev.factored.analysis.input;

import dev.factored.contract.CoresTurn;
import java.util.List;

/**
 * Where the entry of one member of configurations measured in turn came from: the turn whose forks it shares with the
 * other members (fork f of every member is one JVM), and the forks of the turn's entry that were left out because some
 * member had no iteration in them (pairing needs every member in every fork).
 *
 * @param turn         the members that ran in turn in the same forks
 * @param forksLeftOut the turn entry's fork indices (0-based, as JMH wrote them) left out for every member
 */
public record TurnMember(CoresTurn turn, List<Integer> forksLeftOut) {

    public TurnMember {
        if (turn == null) {
            throw new IllegalArgumentException("a turn member needs its turn");
        }
        forksLeftOut = List.copyOf(forksLeftOut == null ? List.of() : forksLeftOut);
    }
}
