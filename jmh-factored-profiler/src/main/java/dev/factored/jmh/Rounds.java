package dev.factored.jmh;

import dev.factored.contract.MoreForks;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.rounds.RoundSentences;
import dev.factored.jmh.rounds.SuiteLock;
import dev.factored.jmh.rounds.SuiteRounds;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.Main;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.util.UnCloseablePrintStream;
import org.openjdk.jmh.util.Utils;

/**
 * Runs a JMH suite in randomized interleaved rounds (Abedi and Brecht, ICPE 2017), in place of
 * {@code org.openjdk.jmh.Main}: {@code java dev.factored.jmh.Rounds [--seed=N] <JMH's command line>}.
 *
 * <p>JMH runs a configuration's {@code -f N} forks back to back, so a busy spell on the machine shifts one
 * configuration as a whole, which reads as a difference between configurations. Here round r runs one fork of every
 * configuration (benchmark × mode × param values) in an order shuffled with the seed, N rounds for N forks: a busy
 * spell then hits several configurations a little and shows up as noise between forks, where the statistics see
 * it. Each fork is an ordinary JMH run of one configuration with {@code -f 1} ({@link Runner}, in this one JVM,
 * one after the other, while this class holds JMH's lock for the whole suite: {@link SuiteLock}). The forks of a
 * configuration are merged in round order into the one result JMH would give for {@code -f N}, written in JMH's
 * own format to {@code -rff} (also after every round and when a run fails, so a failed or killed run leaves what
 * it measured). The console output is JMH's, with the progress lines about the whole suite and each fork numbered
 * by its round.
 *
 * <p>Without {@code --seed} a fresh seed is drawn; it is printed either way, so an order can be repeated. With
 * {@link #EVENTS} (the run that starts it asks so) the runner's own lines are {@link RoundEvent}s instead. JMH's
 * listing and help options ({@code -l}, {@code -lp}, {@code -h}, …) go to JMH's own {@code Main}.
 */
public final class Rounds {

    /**
     * The argument that asks for further rounds after the planned ones, {@code --more=FILE} ({@link MoreForks}); it
     * must come before JMH's arguments.
     */
    public static final String MORE = "--more=";

    /** The argument that gives the seed, {@code --seed=123}; it must come before JMH's arguments. */
    public static final String SEED = "--seed=";

    /**
     * The argument that gives the run's time budget in whole seconds, {@code --budget=1200}, beside {@link #MORE}: the
     * caller starts no further round after it, so the progress line counts the run as lasting at least that long. It
     * must come before JMH's arguments.
     */
    public static final String BUDGET = "--budget=";

    /**
     * The argument of the run that starts the runner, {@code --events}: the runner's own news (the plan, each fork's
     * start, what it spares, the end of a round) then goes to the standard output as one {@link RoundEvent} a line,
     * for the run to read and word, instead of sentences for a person. It must come before JMH's arguments.
     */
    public static final String EVENTS = "--events";

    /** The start of a line of the rounds runner's own about the run, without {@link #EVENTS}. */
    public static final String NOTE = RoundSentences.NOTE;

    private Rounds() {
    }

    public static void main(String[] args) throws IOException {
        int exit = run(args, System.err);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** Runs as {@link #main} does and returns the exit code instead of exiting (for tests and embedding). */
    public static int run(String[] args, PrintStream err) throws IOException {
        Long seed = null;
        Path more = null;
        Duration budget = null;
        boolean events = false;
        int first = 0;
        while (first < args.length && (args[first].startsWith(SEED) || args[first].startsWith(MORE)
                || args[first].startsWith(BUDGET) || args[first].equals(EVENTS))) {
            if (args[first].equals(EVENTS)) {
                events = true;
                first++;
                continue;
            }
            if (args[first].startsWith(MORE)) {
                more = Path.of(args[first].substring(MORE.length()));
                first++;
                continue;
            }
            boolean isSeed = args[first].startsWith(SEED);
            try {
                long value = Long.parseLong(args[first].substring((isSeed ? SEED : BUDGET).length()));
                if (isSeed) {
                    seed = value;
                } else if (value >= 0) {
                    budget = Duration.ofSeconds(value);
                } else {
                    throw new NumberFormatException("negative");
                }
            } catch (NumberFormatException e) {
                err.println("Error parsing command line:");
                err.println(" " + args[first] + (isSeed ? " is not a seed: give " + SEED + " and a whole number"
                        : " is not a budget: give " + BUDGET + " and whole seconds"));
                return 1;
            }
            first++;
        }
        String[] jmhArgs = Arrays.copyOfRange(args, first, args.length);
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(jmhArgs);
        } catch (CommandLineOptionException e) {
            err.println("Error parsing command line:");
            err.println(" " + e.getMessage());
            return 1;
        }
        if (cmd.shouldHelp() || cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
                || cmd.shouldListResultFormats()) {
            Main.main(jmhArgs);
            return 0;
        }
        PrintStream stream = console(cmd);
        OutputFormat out = OutputFormatFactory.createFormatInstance(stream, cmd.verbosity().orElse(Defaults.VERBOSITY));
        SuiteLock lock = null;
        try {
            if (Boolean.getBoolean(SuiteLock.IGNORE)) {
                out.println("# WARNING: JMH lock is ignored by user request, make sure no other JMH instances are running");
            } else {
                lock = SuiteLock.acquire();
                // The suite holds the lock: the runs inside must not try to take it again. JMH reads the property
                // when its Runner class initialises, which in this JVM is at the first run, below.
                System.setProperty(SuiteLock.IGNORE, "true");
            }
            new SuiteRounds(cmd, seed != null ? seed : ThreadLocalRandom.current().nextLong(1_000_000_000L), out, more,
                    budget, events).run();
            return 0;
        } catch (NoBenchmarksException e) {
            err.println("No matching benchmarks. Miss-spelled regexp?");
            return 1;
        } catch (ProfilersFailedException e) {
            // As JMH's Main: the profilers' own messages say what is wrong.
            for (Throwable t = e; t != null; t = t.getCause()) {
                err.println(t.getMessage());
                for (Throwable suppressed : t.getSuppressed()) {
                    err.println(suppressed.getMessage());
                }
            }
            return 1;
        } catch (RunnerException e) {
            err.print("ERROR: ");
            e.printStackTrace(err);
            return 1;
        } finally {
            out.flush();
            stream.close();
            if (lock != null) {
                lock.close();
                System.clearProperty(SuiteLock.IGNORE);
            }
        }
    }

    /** Where JMH's output goes: {@code -o}, else standard output, which must stay open. */
    private static PrintStream console(Options cmd) throws FileNotFoundException, UnsupportedEncodingException {
        if (cmd.getOutput().hasValue()) {
            return new PrintStream(cmd.getOutput().get());
        }
        return new UnCloseablePrintStream(System.out, Utils.guessConsoleEncoding());
    }
}
