package dev.factored.run.jmh;

import dev.factored.analysis.model.measurement.FailedConfiguration;
import dev.factored.contract.RoundEvent;
import dev.factored.jmh.rounds.RoundSentences;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows JMH's text output line by line and turns it into short progress lines a person can follow,
 * e.g. {@code 3/24 MergeSortBenchmark.sort cores=2 size=200000 — 12% done, ETA 0:01:23}, and collects
 * the configurations that failed ({@code <failure>}, or a forked VM that died).
 *
 * <p>Run in rounds ({@code dev.factored.jmh.Rounds --events}), the runner's events ({@link RoundEvent}) come among
 * JMH's lines: the plan at the start, which this words with the seed that repeats it, and a fork's start before each
 * fork; the progress lines then count the forks of the whole run, as planned and as extended, and say the round:
 * {@code fork 89/252 (round 2/3) MergeSortBenchmark.sort cores=2 size=200000 — 45% done, ETA 0:01:23}, and
 * {@code fork 255/262 (further round 1) …}. The runner settles a fork it does not run (spared, or its configuration
 * failed) like one that ran, so neither the count nor its percentage goes back. The runner's notes (what it spares,
 * why further rounds end) are passed on in its words ({@link RoundSentences#note}). A turn's fork that failed and
 * whose members the runner measures apart ({@link RoundEvent.TurnApart}) is no failure of the run: what JMH reported of
 * it is forgotten.
 */
public final class JmhProgress {

    /**
     * A configuration JMH reported an error for.
     *
     * @param parameters the params as JMH printed them, {@code cores = 2, size = 100}; empty without params
     */
    public record Failure(String benchmark, String parameters, String mode, String firstLine) {

        /** One {@code name = value} of JMH's list: a value runs up to the next {@code , name = } or the end. */
        private static final Pattern PARAM = Pattern.compile("([\\p{L}_$][\\p{L}\\p{N}_$]*) = (.*?)(?=, [\\p{L}_$][\\p{L}\\p{N}_$]* = |$)");

        /**
         * As the analysis records it: the params as a map. JMH prints them as {@code (name = value, …)} without
         * quoting, so a value holding ", x = " itself cannot be told apart; any other value (spaces, commas) is kept.
         */
        public FailedConfiguration configuration() {
            return new FailedConfiguration(benchmark, params(parameters), mode, firstLine);
        }

        static java.util.Map<String, String> params(String printed) {
            java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
            java.util.regex.Matcher m = PARAM.matcher(printed);
            while (m.find()) {
                params.put(m.group(1), m.group(2));
            }
            return params;
        }

        /** The params as the log shows them: {@code cores=2 size=100}. */
        static String shown(String printed) {
            StringBuilder s = new StringBuilder();
            params(printed).forEach((k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append('=').append(v));
            return s.toString();
        }

        public String describe() {
            String where = benchmark + (parameters.isEmpty() ? "" : " " + shown(parameters))
                    + (mode.isEmpty() ? "" : " [" + mode + "]");
            return firstLine.isEmpty() ? where : where + ": " + firstLine;
        }
    }

    private static final Pattern PROGRESS = Pattern.compile("^# Run progress: ([0-9.]+)% complete, ETA (.+)$");
    private static final Pattern FORK = Pattern.compile("^# Fork: (\\d+) of (\\d+)\\s*$");
    private static final Pattern PARAMETERS = Pattern.compile("^# Parameters: \\((.*)\\)\\s*$");
    private static final Pattern FORKED_VM_FAILED = Pattern.compile("^<forked VM failed with exit code (-?\\d+)>");

    private final int expectedConfigurations;
    private final List<Failure> failures = new ArrayList<>();

    private int configuration;
    private String benchmark = "";
    private String parameters = "";
    private String mode = "";
    private String percent = "";
    private String eta = "";
    /** In a rounds run: the round and the planned rounds; 0 until the first round. */
    private int round;
    private int rounds;
    /** Whether the round is a further one, after the planned rounds. */
    private boolean further;
    /** The fork's number in the whole run and the run's forks as planned and extended. */
    private int forkOfRun;
    private int forksOfRun;
    /** After {@code <failure>}: the next non-blank line is the exception, kept as the failure's reason. */
    private boolean awaitingFailureReason;

    /** @param expectedConfigurations from {@code -lp}; 0 or less when unknown */
    public JmhProgress(int expectedConfigurations) {
        this.expectedConfigurations = expectedConfigurations;
    }

    /** Reads one line of JMH output; returns the progress line to log, or null. */
    public String accept(String line) {
        if (awaitingFailureReason) {
            if (line.isBlank()) {
                return null;
            }
            awaitingFailureReason = false;
            Failure last = failures.remove(failures.size() - 1);
            failures.add(new Failure(last.benchmark(), last.parameters(), last.mode(), line.trim()));
            return null;
        }
        Optional<RoundEvent> event = RoundEvent.read(line);
        if (event.isPresent()) {
            return accept(event.get());
        }
        if (line.startsWith("# Benchmark mode: ")) {
            mode = line.substring("# Benchmark mode: ".length()).trim();
            return null;
        }
        if (line.startsWith("# Benchmark: ")) {
            if (round == 0) {
                configuration++;
            }
            benchmark = line.substring("# Benchmark: ".length()).trim();
            parameters = "";
            return null;
        }
        Matcher m = PARAMETERS.matcher(line);
        if (m.matches()) {
            parameters = m.group(1);
            return null;
        }
        m = PROGRESS.matcher(line);
        if (m.matches()) {
            percent = wholePercent(m.group(1));
            eta = shortEta(m.group(2).trim());
            return null;
        }
        m = FORK.matcher(line);
        if (m.matches()) {
            return progressLine(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        // JMH writes "# Warmup Iteration   1: <failure>" or "Iteration   1: <failure>", then the exception.
        if (line.trim().endsWith("<failure>")) {
            failures.add(new Failure(benchmark, parameters, mode, ""));
            awaitingFailureReason = true;
            return null;
        }
        m = FORKED_VM_FAILED.matcher(line.trim());
        if (m.find()) {
            failures.add(new Failure(benchmark, parameters, mode, "the forked JVM failed with exit code " + m.group(1)));
        }
        return null;
    }

    /** Reads one of the rounds runner's events; returns the line to log, or null. */
    private String accept(RoundEvent event) {
        if (event instanceof RoundEvent.Plan p) {
            return "rounds: " + p.rounds() + (p.rounds() == 1 ? " round" : " rounds") + " of " + p.configurations()
                    + (p.configurations() == 1 ? " configuration" : " configurations") + ", order shuffled with seed "
                    + p.seed() + " (seed " + p.seed() + " repeats it: -Dfactored.seed, or --seed of factored run)";
        }
        if (event instanceof RoundEvent.ForkStarted f) {
            round = f.round();
            rounds = f.planned();
            further = f.further();
            configuration = f.configuration();
            forkOfRun = f.fork();
            forksOfRun = f.forks();
            return null;
        }
        if (event instanceof RoundEvent.TurnApart apart) {
            failures.removeIf(f -> f.benchmark().equals(apart.benchmark())
                    && Failure.params(f.parameters()).equals(params(apart.params())));
        }
        // The end of a round is a question for the run (MoreRounds), not news for the reader: no note.
        return RoundSentences.note(event);
    }

    private String progressLine(int fork, int forks) {
        StringBuilder sb = new StringBuilder();
        if (round > 0) {
            // The fork is the configuration's fork number `round`: the round says it.
            String which = further ? "further round " + (round - rounds) : "round " + round + "/" + rounds;
            sb.append("fork ").append(forkOfRun).append('/').append(forksOfRun).append(" (").append(which).append(')');
        } else {
            sb.append(configuration);
            if (expectedConfigurations >= configuration) {
                sb.append('/').append(expectedConfigurations);
            }
        }
        sb.append(' ').append(shortName(benchmark));
        if (!parameters.isEmpty()) {
            sb.append(' ').append(Failure.shown(parameters));
        }
        if (forks > 1 && round == 0) {
            sb.append(" (fork ").append(fork).append('/').append(forks).append(')');
        }
        if (!percent.isEmpty()) {
            sb.append(" \u2014 ").append(percent).append("% done, ETA ").append(eta);
        }
        return sb.toString();
    }

    /** The event's {@code name=value} params as a map. */
    private static java.util.Map<String, String> params(List<String> named) {
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
        for (String p : named) {
            int eq = p.indexOf('=');
            params.put(p.substring(0, eq), p.substring(eq + 1));
        }
        return params;
    }

    public List<Failure> failures() {
        return List.copyOf(failures);
    }

    /** {@code org.example.MergeSortBenchmark.sort} → {@code MergeSortBenchmark.sort}. */
    public static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        if (method <= 0) {
            return benchmark;
        }
        int type = benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    private static String wholePercent(String jmhPercent) {
        try {
            return Long.toString((long) Math.floor(Double.parseDouble(jmhPercent)));
        } catch (NumberFormatException e) {
            return jmhPercent;
        }
    }

    /** JMH writes {@code 00:01:23}; drop the hours' leading zero as people write it: {@code 0:01:23}. */
    private static String shortEta(String eta) {
        return eta.matches("0\\d:\\d\\d:\\d\\d") ? eta.substring(1) : eta;
    }
}
