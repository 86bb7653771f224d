package dev.factored.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Configurations measured in turn inside one fork: a {@code cores} value of two or more configurations joined by
 * {@value #JOIN}, e.g. {@code 1+2+4} or {@code baseline+elision+1+2}. The fork runs its iterations (warm-up and
 * measurement alike) in rounds, one iteration of every member per round in a shuffled order, so that the ratio of two
 * members' times is taken inside one JVM: the fork is the block of a paired comparison (METHOD.md, "forks and
 * pairing"). The profiler tags every iteration with the member it ran ({@link ProfilerMetrics#TURN}, the
 * {@link #code} of the member); the analysis splits the fork's iterations by that tag.
 *
 * <p>Members are {@code baseline}, {@code elision} and P workers: the span run and the bandwidth test keep their own
 * forks (the one instruments every task, the other needs the machine's memory to itself). {@link #toString()} writes
 * the members in {@link CoresValue#ORDER}, whatever order they were given in.
 *
 * @param members two or more distinct configurations, in {@link CoresValue#ORDER}
 */
public record CoresTurn(List<CoresValue> members) implements CoresParam {

    /** What joins the members of a turn in the {@code cores} value. */
    public static final String JOIN = "+";

    public CoresTurn {
        if (members == null || members.size() < 2) {
            throw new IllegalArgumentException("configurations in turn need two or more members, got " + members);
        }
        List<CoresValue> sorted = new ArrayList<>(members);
        sorted.sort(CoresValue.ORDER);
        for (int i = 0; i < sorted.size(); i++) {
            CoresValue c = sorted.get(i);
            if (c.isSpan() || c.isBandwidth()) {
                throw new IllegalArgumentException("cores = " + c + " cannot run in turn with other configurations: "
                        + "the span run and the bandwidth test keep forks of their own");
            }
            if (i > 0 && sorted.get(i - 1).equals(c)) {
                throw new IllegalArgumentException("cores = " + c + " is named twice in one turn");
            }
        }
        members = List.copyOf(sorted);
    }

    /** Whether a {@code cores} text names configurations in turn (it joins spellings with {@value #JOIN}). */
    public static boolean isTurn(String text) {
        return text != null && text.contains(JOIN);
    }

    /**
     * Parses a turn by {@link CoresValue#parse}'s rule for every member.
     *
     * @throws IllegalArgumentException naming the value and what is wrong with it
     */
    public static CoresTurn parse(String text) {
        if (!isTurn(text)) {
            throw new IllegalArgumentException("cores = \"" + text + "\" is not configurations in turn: join two or "
                    + "more with " + JOIN + ", e.g. 1+2");
        }
        List<CoresValue> members = new ArrayList<>();
        for (String part : text.split("\\+", -1)) {
            try {
                members.add(CoresValue.parse(part));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cores = \"" + text + "\": " + e.getMessage(), e);
            }
        }
        try {
            return new CoresTurn(members);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cores = \"" + text + "\": " + e.getMessage(), e);
        }
    }

    /** The turn of these members (any order), or the one member itself when there is only one: what a fork runs. */
    public static CoresParam of(List<CoresValue> members) {
        return members.size() == 1 ? members.get(0) : new CoresTurn(members);
    }

    /** Its members. */
    @Override
    public List<CoresValue> configurations() {
        return members;
    }

    /** CPUs a fork of the turn is pinned to: its widest member's. */
    public int cpus() {
        int cpus = 1;
        for (CoresValue c : members) {
            cpus = Math.max(cpus, c.cpus());
        }
        return cpus;
    }

    /**
     * The member's number in {@link ProfilerMetrics#TURN}: P for P workers, 0 for the elision, −1 for the baseline.
     * A number, because JMH's secondary results are numbers.
     */
    public static double code(CoresValue member) {
        return switch (member.kind()) {
            case WORKERS -> member.workers();
            case ELISION -> 0;
            case BASELINE -> -1;
            case SPAN, BANDWIDTH -> throw new IllegalArgumentException("cores = " + member + " is never in a turn");
        };
    }

    /** The member a {@link ProfilerMetrics#TURN} value names, or null when it is none of this turn's. */
    public CoresValue memberOf(double code) {
        for (CoresValue c : members) {
            if (code(c) == code) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (CoresValue c : members) {
            s.append(s.length() == 0 ? "" : JOIN).append(c.toString().toLowerCase(Locale.ROOT));
        }
        return s.toString();
    }
}
