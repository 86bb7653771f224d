package dev.factored.jmh.rounds;

import dev.factored.contract.CoresValue;
import dev.factored.contract.MoreForks;
import dev.factored.contract.ReplacedFile;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.machine.ForkCores;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
        RoundProgress progress = new RoundProgress(plan.runs(), more == null ? null : budget, System::nanoTime);
        RoundResults results = new RoundResults();
        SparedForks spared = new SparedForks(configurations);
        RoundEvent ahead = spared.ahead();
        if (ahead != null) {
            channel.tell(ahead);
        }
        try {
            for (int r = 0; r < rounds; r++) {
                List<SuiteConfiguration> round = plan.rounds().get(r);
                for (int i = 0; i < round.size(); i++) {
                    SuiteConfiguration configuration = round.get(i);
                    if (results.failed(configuration) || spared.spare(configuration, results::failed)) {
                        progress.notRun();
                        continue;
                    }
                    out.println("");
                    channel.tell(new RoundEvent.ForkStarted(r + 1, rounds, i + 1, round.size(), progress.fork(),
                            progress.forks(), null));
                    activity.starting();
                    Collection<RunResult> run = new Runner(configuration.options(shared, r == 0),
                            new RoundOutput(out, progress, r + 1, configuration.forks())).run();
                    activity.ran(ForkActivity.forks(run));
                    if (spared.learn(configuration, run)) {
                        results.add(configuration, run);
                    }
                    progress.done();
                }
                writeResults(results.merged());
            }
            moreRounds(configurations, shared, progress, results, rounds);
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
     * The rounds the caller asks for after the planned ones ({@link MoreForks}): each time it answers {@link
     * MoreForks#GO}, one fork of every configuration its file names, shuffled; a fork that replaces takes the place of
     * the configuration's most disturbed one.
     */
    private void moreRounds(List<SuiteConfiguration> configurations, Options shared, RoundProgress progress,
            RoundResults results, int planned) throws RunnerException {
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
                SuiteConfiguration c = configurations.stream().filter(each -> matches(each, request)).findFirst()
                        .orElse(null);
                if (c == null) {
                    channel.tell(new RoundEvent.NotInRun(request.line()));
                } else if (!results.failed(c)) {
                    round.add(c);
                    asked.put(c, request);
                }
            }
            if (round.isEmpty()) {
                channel.tell(new RoundEvent.NothingToRun());
                return;
            }
            java.util.Collections.shuffle(round, new java.util.Random(seed + r));
            progress.more(round.size());
            for (int i = 0; i < round.size(); i++) {
                SuiteConfiguration configuration = round.get(i);
                out.println("");
                MoreForks.Request request = asked.get(configuration);
                Integer warmup = request.warmupIterations();
                channel.tell(new RoundEvent.ForkStarted(r + 1, planned, i + 1, round.size(), progress.fork(),
                        progress.forks(), warmup));
                activity.starting();
                Collection<RunResult> run = new Runner(configuration.options(shared, false, warmup),
                        new RoundOutput(out, progress, r + 1, configuration.forks())).run();
                activity.ran(ForkActivity.forks(run));
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
                progress.done();
            }
            writeResults(results.merged());
        }
    }

    /**
     * Whether a configuration is the one a request names: same benchmark, mode and params, the {@code cores} value by
     * its meaning (the analysis asks in the canonical spelling, the benchmark may write {@code Baseline}).
     */
    private static boolean matches(SuiteConfiguration c, MoreForks.Request request) {
        if (!c.benchmark().equals(request.benchmark()) || !c.mode().shortLabel().equals(request.mode())
                || c.params().keys().size() != request.params().size()) {
            return false;
        }
        for (String name : c.params().keys()) {
            String mine = String.valueOf(c.params().get(name));
            String asked = request.params().get(name);
            CoresValue myCores = CoresValue.PARAM.equals(name) ? ForkCores.orNull(mine) : null;
            CoresValue askedCores = myCores == null ? null : ForkCores.orNull(asked);
            boolean same = askedCores != null ? myCores.equals(askedCores) : mine.equals(asked);
            if (!same) {
                return false;
            }
        }
        return true;
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
