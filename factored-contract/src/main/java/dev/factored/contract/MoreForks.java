package dev.factored.contract;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conversation between the rounds runner ({@code dev.factored.jmh.Rounds --more=FILE}) and the run that decides
 * where more forks go (factored-run, which reads the analysis; the runner knows nothing of it). After its planned
 * rounds, and after every further round, the runner writes its results, prints {@link #ROUND_DONE} on a line of its
 * own and reads one line from its standard input: {@link #GO} runs one more round of the forks the file asks for,
 * anything else (or the end of the input) ends the run.
 *
 * <p>The file holds one {@link Request} a line: the benchmark, its mode and every param (the {@code cores} one
 * included), each percent-encoded so that any param value survives, separated by single spaces, and the word
 * {@code replace} at the end when the new fork replaces the fork of that configuration that other processes disturbed
 * most (instead of adding to it).
 */
public final class MoreForks {

    /** The runner's line after each round: its results are written, and it waits for a word. */
    public static final String ROUND_DONE = "# factored: round done";
    /** The word that asks for one more round of the file's forks. */
    public static final String GO = "go";
    /** The word that ends the run. */
    public static final String STOP = "stop";
    private static final String REPLACE = "replace";

    private MoreForks() {
    }

    /**
     * One more fork of one configuration.
     *
     * @param benchmark the benchmark method's full name
     * @param mode      JMH's short label of the mode, e.g. {@code avgt}
     * @param params    every param of the configuration, {@code cores} included
     * @param replace   the fork replaces the most disturbed fork of the configuration measured so far
     */
    public record Request(String benchmark, String mode, Map<String, String> params, boolean replace) {

        public Request {
            if (benchmark == null || benchmark.isEmpty() || mode == null || mode.isEmpty()) {
                throw new IllegalArgumentException("a request needs a benchmark and a mode");
            }
            params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }

        /** Its line in the file. */
        public String line() {
            StringBuilder sb = new StringBuilder(encode(benchmark)).append(' ').append(encode(mode));
            params.forEach((name, value) -> sb.append(' ').append(encode(name)).append('=').append(encode(value)));
            return replace ? sb.append(' ').append(REPLACE).toString() : sb.toString();
        }

        /**
         * The request a line holds.
         *
         * @throws IllegalArgumentException naming what is wrong with the line
         */
        public static Request parse(String line) {
            String[] fields = line.strip().split(" ");
            if (fields.length < 2 || fields[0].isEmpty()) {
                throw new IllegalArgumentException("not a fork request: '" + line + "'");
            }
            Map<String, String> params = new LinkedHashMap<>();
            boolean replace = false;
            for (int i = 2; i < fields.length; i++) {
                if (i == fields.length - 1 && fields[i].equals(REPLACE)) {
                    replace = true;
                    continue;
                }
                int eq = fields[i].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("fork request '" + line + "': '" + fields[i]
                            + "' is not name=value");
                }
                params.put(decode(fields[i].substring(0, eq)), decode(fields[i].substring(eq + 1)));
            }
            return new Request(decode(fields[0]), decode(fields[1]), params, replace);
        }
    }

    /** Writes the requests, one a line, replacing the file. */
    public static void write(Path file, List<Request> requests) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Request r : requests) {
            lines.add(r.line());
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** The requests of a file; blank lines are skipped. */
    public static List<Request> read(Path file) throws IOException {
        List<Request> requests = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                requests.add(Request.parse(line));
            }
        }
        return requests;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
