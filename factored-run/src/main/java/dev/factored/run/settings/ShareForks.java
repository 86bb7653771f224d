package dev.factored.run.settings;

import dev.factored.contract.CoresParam;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which configurations of a family are measured in turn inside one fork ({@code shareForks},
 * {@code factored.shareForks}): a ratio of two times taken in one fork loses most of the fork's random effect, a ratio
 * of two forks keeps all of it (METHOD.md, "forks and pairing"). The configurations in turn go to JMH as one
 * {@code cores} value, {@code 1+2} ({@link CoresTurn}); the span run and the bandwidth test always keep forks of their
 * own.
 */
public enum ShareForks {

    /** Every P value of the cores list in one turn: the parallel configurations differ only by the pool. */
    PARALLEL(CoresValue::isParallel),

    /** The baseline, the elision and every P in one turn. */
    ALL(c -> c.isParallel() || c.isBaseline() || c.isElision()),

    /** One configuration per fork, as JMH runs them. */
    NONE(c -> false);

    private final Predicate<CoresValue> inTurn;

    ShareForks(Predicate<CoresValue> inTurn) {
        this.inTurn = inTurn;
    }

    /** Parses {@code parallel}, {@code all} or {@code none}, ignoring case; null or blank is the default, parallel. */
    public static ShareForks parse(String name, Spelling spelling) {
        return Choice.parse(ShareForks.class, name, PARALLEL, "shareForks", "parallel (the P values of a family in "
                + "turn inside each fork), all (the baseline and the elision too) or none (one configuration per fork)",
                spelling.where(Setting.SHARE_FORKS));
    }

    /**
     * The {@code cores} values JMH runs for a cores list ({@link CoresList}): the configurations this setting shares in
     * one turn, placed where the first of them stood, the others as they are. Fewer than two to share give no turn.
     */
    public List<CoresParam> values(List<CoresValue> cores) {
        List<CoresValue> shared = cores.stream().filter(inTurn).toList();
        List<CoresParam> values = new ArrayList<>();
        for (CoresValue c : cores) {
            if (shared.size() < 2 || !inTurn.test(c)) {
                values.add(c);
            } else if (c.equals(shared.get(0))) {
                values.add(CoresTurn.of(shared));
            }
        }
        return List.copyOf(values);
    }
}
