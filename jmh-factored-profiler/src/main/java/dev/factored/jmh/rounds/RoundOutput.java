package dev.factored.jmh.rounds;

import dev.factored.contract.TurnRefused;
import java.io.IOException;
import java.util.Collection;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's console output for one configuration's run inside {@link SuiteRounds}, passed to the run's output, with the
 * lines that would speak of that one run as if it were the whole suite told about the suite instead:
 * {@code # Run progress} gives the suite's progress, {@code # Fork: 1 of 1} the configuration's fork number
 * (its round), and the run's end (its {@code # Run complete} line and result table) and its lock warning are left
 * to {@link SuiteRounds}, which prints them once for all configurations. Closing does not close the shared output.
 */
final class RoundOutput implements OutputFormat {

    private final OutputFormat out;
    private final RoundProgress progress;
    private final int fork;
    private final int forks;
    private final int weight;
    private boolean turnRefused;

    /**
     * @param fork   the number of the configuration's fork this run measures (its round)
     * @param forks  the configuration's fork count
     * @param weight the configurations the fork measures ({@link RoundProgress})
     */
    RoundOutput(OutputFormat out, RoundProgress progress, int fork, int forks, int weight) {
        this.out = out;
        this.progress = progress;
        this.fork = fork;
        this.forks = forks;
        this.weight = weight;
    }

    /** Whether the fork refused its turn, unmodified parallel code being unable to run in one ({@link TurnRefused}). */
    boolean turnRefused() {
        return turnRefused;
    }

    @Override
    public void println(String s) {
        turnRefused |= s.lines().anyMatch(TurnRefused::isShownIn);
        if (s.startsWith("# Run progress: ")) {
            out.println(progress.line(s, weight));
        } else if (s.startsWith("# Fork: ")) {
            out.println("# Fork: " + fork + " of " + forks);
        } else if (!s.startsWith("# Run complete. ") && !s.startsWith("# WARNING: JMH lock is ignored")) {
            // Rounds holds the lock for the whole suite, or says once that it was told to ignore it.
            out.println(s);
        }
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        // Rounds prints the table of all configurations at the end.
    }

    @Override
    public void close() {
        out.flush();
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                                IterationResult data) {
        out.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        out.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        out.endBenchmark(result);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void print(String s) {
        turnRefused |= s.lines().anyMatch(TurnRefused::isShownIn);
        out.print(s);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
