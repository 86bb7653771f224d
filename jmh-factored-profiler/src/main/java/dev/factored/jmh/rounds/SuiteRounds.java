package dev.factored.jmh.rounds;

import dev.factored.contract.MoreForks;
import dev.factored.contract.ReplacedFile;
import dev.factored.contract.RoundEvent;
import dev.factored.contract.TurnRefused;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;

/**
 * One suite run in randomized interleaved rounds, the work of {@code dev.factored.jmh.Rounds} once its command line is
 * read and JMH's lock is held: round r runs one fork of every configuration in an order shuffled with the seed
 * ({@link RoundPlan}), each fork an ordinary JMH run of one configuration with {@code -f 1}; the forks of a
 * configuration are merged in round order ({@link RoundResults}) and written in JMH's format after every round; the
 * forks the analysis would drop are spared ({@link SparedForks}); further rounds follow as the caller asks
 * ({@link MoreForks}).
 */
public final class SuiteRounds {

    private final Options options;
    private final long seed;
    private final OutputFormat out;
    /** Where the runner's own news goes: events for the run that started it, or sentences for a person. */
    private final RoundChannel channel;
    /** Which activity file each fork wrote: a replaced fork's goes with it. */
    private final ForkActivity<BenchmarkResult> activity = ForkActivity.ofThisHost();

    /** The file of further forks to run after the planned rounds ({@link MoreForks}); null: none, the run ends. */
    private final Path more;
    /** The run's time budget, for the progress; null: none given. */
    private final Duration budget;

    /**
     * @param options JMH's command line
     * @param seed    the seed of the rounds' order
     * @param out     JMH's output
     * @param more    the file of further forks to run after the planned rounds, or null for none
     * @param budget  the run's time budget, for the progress, or null
     * @param events  whether the runner's news goes out as {@link RoundEvent}s on the standard output (the run that
     *                started it asked: {@code --events}), else as sentences in JMH's output
     */
    public SuiteRounds(Options options, long seed, OutputFormat out, Path more, Duration budget, boolean events) {
        this.options = options;
        this.seed = seed;
        this.out = out;
        this.channel = new RoundChannel(out, System.out, events);
        this.more = more;
        this.budget = budget;
    }

    /** Runs the suite in rounds, writing the results after every round and when a run fails. */
    public void run() throws RunnerException {
        List<SuiteConfiguration> configurations = SuiteConfiguration.list(BenchmarkList.defaultList(), options, out);
        RoundPlan<SuiteConfiguration> plan = RoundPlan.shuffled(configurations, SuiteConfiguration::forks, seed)
                .lateInFirstRound(SparedForks::late);
        int rounds = plan.rounds().size();
        channel.tell(new RoundEvent.Plan(rounds, configurations.size(), seed));
        Options shared = new SharedOptions(options);
        // The budget counts only where further rounds can follow it.
        RoundProgress progress = new RoundProgress(plan.runs(), plan.weight(SuiteConfiguration::members),
                more == null ? null : budget, System::nanoTime);
        RoundResults results = new RoundResults();
        SparedForks spared = new SparedForks(configurations);
        TurnForks turns = new TurnForks(configurations);
        RoundEvent ahead = spared.ahead();
        if (ahead != null) {
            channel.tell(ahead);
        }
        try {
            for (int r = 0; r < rounds; r++) {
                List<SuiteConfiguration> round = plan.rounds().get(r);
                for (int i = 0; i < round.size(); i++) {
                    Deque<SuiteConfiguration> forks = new ArrayDeque<>(turns.forksOf(round.get(i)));
                    // a turn measured apart since an earlier round: its one fork is its members' forks now
                    progress.more(forks.size() - 1, 0);
                    while (!forks.isEmpty()) {
                        SuiteConfiguration configuration = forks.poll();
                        if (results.failed(configuration) || spared.spare(configuration, results::failed)) {
                            progress.notRun(configuration.members());
                            continue;
                        }
                        ForkRun ran = fork(configuration, new RoundEvent.ForkStarted(r + 1, rounds, i + 1,
                                round.size(), progress.fork(), progress.forks(), null, configuration.members()), shared,
                                r == 0, null, progress);
                        Collection<RunResult> run = TurnForks.wholeTurn(configuration, ran.results());
                        if (spared.learn(configuration, run)) {
                            results.add(configuration, run);
                        }
                        if (configuration.members() > 1 && results.failed(configuration)) {
                            forks.addAll(setApart(configuration, turns, spared, progress, ran.turnRefused()));
                        } else {
                            progress.done(configuration.members());
                        }
                    }
                }
                writeResults(results.merged());
            }
            moreRounds(turns, shared, progress, results, rounds);
        } catch (RunnerException | RuntimeException e) {
            // With -foe true a failing fork ends the run: keep what was measured, as after every round.
            try {
                writeResults(results.merged());
            } catch (RunnerException notWritten) {
                e.addSuppressed(notWritten);
            }
            throw e;
        }
        RoundEvent sparedForks = spared.spared();
        if (sparedForks != null) {
            channel.tell(sparedForks);
        }
        List<RunResult> merged = results.merged();
        out.println("# Run complete. Total time: " + progress.elapsed());
        out.println("");
        out.endRun(merged);
        String file = resultFile();
        if (file != null) {
            out.println("");
            out.println("Benchmark result is saved to " + file);
        }
    }

    /**
     * A turn's fork failed: its members are measured in forks of their own from now on, this round's included (they
     * are returned, to run next), which the run is told once. The failed fork settles without weight, which its
     * members' forks carry: they add to the run's forks, not to its weight ({@link RoundProgress}).
     */
    private List<SuiteConfiguration> setApart(SuiteConfiguration turn, TurnForks turns, SparedForks spared,
            RoundProgress progress, boolean unmodified) {
        List<SuiteConfiguration> members = turns.setApart(turn);
        spared.apart(members);
        channel.tell(TurnForks.apartEvent(turn, unmodified));
        progress.notRun(0);
        progress.more(members.size(), 0);
        return members;
    }

    /** What JMH returned for one fork, and whether the fork refused its turn as unmodified code ({@link TurnRefused}). */
    private record ForkRun(Collection<RunResult> results, boolean turnRefused) {
    }

    /** Runs one fork of the configuration, said by {@code started}. */
    private ForkRun fork(SuiteConfiguration configuration, RoundEvent.ForkStarted started, Options shared,
            boolean firstRound, Integer warmup, RoundProgress progress) throws RunnerException {
        out.println("");
        channel.tell(started);
        activity.starting();
        RoundOutput output = new RoundOutput(out, progress, started.round(), configuration.forks(),
                configuration.members());
        Collection<RunResult> run = new Runner(configuration.options(shared, firstRound, warmup), output).run();
        activity.ran(ForkActivity.forks(run));
        return new ForkRun(run, output.turnRefused());
    }

    /**
     * The rounds the caller asks for after the planned ones ({@link MoreForks}): each time it answers {@link
     * MoreForks#GO}, one fork of every configuration its file names, shuffled; a fork that replaces takes the place of
     * the configuration's most disturbed one. A fork asked for a member of a turn is a fork of the turn, one for all
     * its members asked ({@link TurnForks}).
     */
    private void moreRounds(TurnForks turns, Options shared, RoundProgress progress, RoundResults results,
            int planned) throws RunnerException {
        if (more == null) {
            return;
        }
        java.io.BufferedReader answers = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                StandardCharsets.UTF_8));
        for (int r = planned; ; r++) {
            channel.tell(new RoundEvent.RoundDone());
            List<MoreForks.Request> requests;
            try {
                String answer = answers.readLine();
                if (answer == null || !answer.strip().equals(MoreForks.GO)) {
                    return;
                }
                requests = MoreForks.read(more);
            } catch (IOException | IllegalArgumentException e) {
                // the planned rounds stand: a request file that cannot be read ends the further ones, nothing else
                channel.tell(new RoundEvent.RequestsUnreadable(more.toString(), String.valueOf(e.getMessage())));
                return;
            }
            List<SuiteConfiguration> round = new ArrayList<>();
            Map<SuiteConfiguration, MoreForks.Request> asked = new HashMap<>();
            for (MoreForks.Request request : requests) {
                SuiteConfiguration named = turns.of(request);
                if (named == null) {
                    channel.tell(new RoundEvent.NotInRun(request.line()));
                    continue;
                }
                // a fork of a turn measured apart is its members' forks, as in the planned rounds
                for (SuiteConfiguration c : turns.forksOf(named)) {
                    if (!results.failed(c)) {
                        MoreForks.Request before = asked.get(c);
                        if (before == null) {
                            round.add(c);
                        }
                        asked.put(c, before == null ? request : before.and(request));
                    }
                }
            }
            if (round.isEmpty()) {
                channel.tell(new RoundEvent.NothingToRun());
                return;
            }
            java.util.Collections.shuffle(round, new java.util.Random(seed + r));
            progress.more(round.size(), round.stream().mapToInt(SuiteConfiguration::members).sum());
            for (int i = 0; i < round.size(); i++) {
                SuiteConfiguration configuration = round.get(i);
                MoreForks.Request request = asked.get(configuration);
                Integer warmup = request.warmupIterations();
                Collection<RunResult> run = TurnForks.wholeTurn(configuration, fork(configuration,
                        new RoundEvent.ForkStarted(r + 1, planned, i + 1, round.size(), progress.fork(),
                                progress.forks(), warmup, configuration.members()), shared, false, warmup, progress)
                        .results());
                if (!results.add(configuration, run, request.replace(), request.replaceFork())) {
                    channel.tell(new RoundEvent.FurtherForkFailed(configuration.describe()));
                }
                BenchmarkResult replaced = results.takeReplaced();
                if (replaced != null && request.replaceFork() != null) {
                    channel.tell(new RoundEvent.ForkReplaced(configuration.describe(), request.replaceFork()));
                }
                List<String> kept = activity.replaced(replaced);
                if (!kept.isEmpty()) {
                    channel.tell(new RoundEvent.ActivityKept(configuration.describe(), kept));
                }
                progress.done(configuration.members());
            }
            writeResults(results.merged());
        }
    }

    /** The result file JMH would write for these options, or null when they ask for none. */
    private String resultFile() {
        if (!options.getResult().hasValue() && !options.getResultFormat().hasValue()) {
            return null;
        }
        return options.getResult().orElse(Defaults.RESULT_FILE_PREFIX + "."
                + resultFormat().toString().toLowerCase(Locale.ROOT));
    }

    private ResultFormatType resultFormat() {
        return options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
    }

    /**
     * Writes the results so far in JMH's format, replacing the file in one step, so that a reader never sees a
     * half-written file and a run killed while writing keeps the previous round's.
     */
    private void writeResults(List<RunResult> results) throws RunnerException {
        String file = resultFile();
        if (file == null) {
            return;
        }
        Path target = Path.of(file).toAbsolutePath();
        try {
            Path directory = target.getParent();
            Files.createDirectories(directory);
            // A plain new file beside the target (not Files.createTempFile, whose 0600 the move would keep): the result
            // gets the permissions every other file of the run gets.
            ReplacedFile.write(target, output -> {
                PrintStream stream = new PrintStream(output, false, StandardCharsets.UTF_8);
                ResultFormatFactory.getInstance(resultFormat(), stream).writeOut(new ArrayList<>(results));
                stream.flush();
            });
        } catch (IOException | RuntimeException e) {
            throw new RunnerException("cannot write the results to " + target + ": " + e.getMessage(), e);
        }
    }
}
