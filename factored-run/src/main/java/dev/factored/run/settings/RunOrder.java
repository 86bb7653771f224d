package dev.factored.run.settings;

/** The order in which the run goal runs the forks ({@code order}, {@code factored.order}). */
public enum RunOrder {

    /**
     * Randomized interleaved rounds: round r runs one fork of every configuration, in an order shuffled with a
     * seed, so that a busy spell on the machine becomes noise between forks instead of shifting one configuration
     * ({@code dev.factored.jmh.Rounds}).
     */
    ROUNDS,

    /** JMH's own order: all forks of one configuration back to back, then the next ({@code org.openjdk.jmh.Main}). */
    JMH;

    /** Parses {@code rounds} or {@code jmh}, ignoring case; null or blank is the default, rounds. */
    public static RunOrder parse(String name, Spelling spelling) {
        return Choice.parse(RunOrder.class, name, ROUNDS, "order", "rounds (the forks of all configurations "
                + "interleaved, in shuffled rounds) or jmh (JMH's order, each configuration's forks back to back)",
                spelling.where(Setting.ORDER));
    }
}
