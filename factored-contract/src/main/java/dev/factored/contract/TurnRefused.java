package dev.factored.contract;

/**
 * What a fork throws when unmodified parallel code ({@code Cores.call}, {@code Cores.forkJoinPool}) runs under a turn
 * ({@link CoresTurn}): its pool's size is fixed when the pool is made, so one fork cannot give each member its own.
 * JMH prints it, class name first, in the failed fork's output; the rounds runner knows it there by that name and says
 * the turn's members are measured apart because the code is unmodified, not because a member failed.
 */
public final class TurnRefused extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public TurnRefused(String message) {
        super(message);
    }

    /** Whether a line of a fork's output is the first line of this refusal (JMH prints a stack trace as lines). */
    public static boolean isShownIn(String outputLine) {
        return outputLine.startsWith(TurnRefused.class.getName() + ":");
    }
}
