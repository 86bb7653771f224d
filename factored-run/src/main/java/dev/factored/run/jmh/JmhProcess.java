package dev.factored.run.jmh;

import dev.factored.run.settings.Setting;
import dev.factored.run.settings.Spelling;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Runs {@code java @argfile} in the project's directory and hands every output line (stdout and
 * stderr merged, in order) to a consumer and, as a person reads it, to a log writer.
 */
public final class JmhProcess {

    /** How a run ended; {@code tail} holds its last output lines, as the log has them, for error messages. */
    public record Outcome(int exitCode, List<String> tail) {
    }

    private static final int TAIL_LINES = 30;

    private JmhProcess() {
    }

    /**
     * Runs {@code java @argfile}, each output line to the log ({@code logged} says how it reads there) and to
     * {@code lines}; {@code answers} (may be null) sees every line too and returns what to write to the process's
     * standard input in reply, or null for nothing (the input stays open while it is given). A JVM that cannot start names {@link Setting#JVM} as {@code spelling}
     * spells it.
     */
    public static Outcome run(String java, Path argfile, Path workingDirectory, Writer log,
            UnaryOperator<String> logged, Consumer<String> lines, Function<String, String> answers, Spelling spelling)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(java, "@" + argfile.toAbsolutePath())
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("cannot start the JVM '" + java + "' (" + e.getMessage()
                    + "); set " + spelling.where(Setting.JVM) + " to a java executable", e);
        }
        Writer input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        if (answers == null) {
            input.close();
        }
        Deque<String> tail = new ArrayDeque<>();
        // The JVM writes in the platform's native encoding.
        Charset charset = nativeCharset();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), charset))) {
            String line;
            while ((line = reader.readLine()) != null) {
                String read = logged.apply(line);
                log.write(read);
                log.write(System.lineSeparator());
                log.flush();
                if (tail.size() == TAIL_LINES) {
                    tail.removeFirst();
                }
                tail.addLast(read);
                lines.accept(line);
                String answer = answers == null ? null : answers.apply(line);
                if (answer != null) {
                    try {
                        input.write(answer);
                        input.write('\n');
                        input.flush();
                    } catch (IOException ended) {
                        answers = null; // the process stopped listening: its output and exit code still tell why
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        } finally {
            if (Thread.currentThread().isInterrupted()) {
                process.destroyForcibly();
            }
        }
        if (answers != null) {
            try {
                input.close();
            } catch (IOException e) {
                // the process has ended and closed its end: nothing more to say to it
            }
        }
        return new Outcome(process.waitFor(), new ArrayList<>(tail));
    }

    private static Charset nativeCharset() {
        try {
            return Charset.forName(System.getProperty("native.encoding", Charset.defaultCharset().name()));
        } catch (IllegalArgumentException e) {
            return Charset.defaultCharset();
        }
    }
}
