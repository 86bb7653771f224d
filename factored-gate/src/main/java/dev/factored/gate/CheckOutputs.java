package dev.factored.gate;

import dev.factored.analysis.model.Analysis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The gate's files in one directory, as both front ends (the check goal and the command line) write them:
 * {@code check.json} (the verdict), {@code summary.md} (for CI job summaries) and the benchmark exports
 * ({@code bencher.json}, {@code github-action-benchmark.json}) of the current analysis.
 */
public final class CheckOutputs {

    public static final String CHECK_JSON = "check.json";
    public static final String SUMMARY_MD = "summary.md";

    private CheckOutputs() {
    }

    /**
     * Writes the verdict and the exports into {@code directory}, creating it.
     *
     * @throws IOException a file cannot be written (the message names the directory)
     */
    public static void write(Verdict verdict, Analysis current, Path directory) throws IOException {
        try {
            Files.createDirectories(directory);
            VerdictOutput.json(verdict, directory.resolve(CHECK_JSON));
            Files.writeString(directory.resolve(SUMMARY_MD), VerdictOutput.markdown(verdict, current), StandardCharsets.UTF_8);
            BenchmarkExports.write(current, directory);
        } catch (IOException e) {
            throw new IOException("cannot write the verdict to " + directory + ": " + e.getMessage(), e);
        }
    }
}
