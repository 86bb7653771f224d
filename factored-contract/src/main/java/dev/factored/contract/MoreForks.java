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
 * rounds, and after every further round, the runner writes its results, says so ({@link RoundEvent.RoundDone} with
 * {@code --events}; without, {@link #ROUND_DONE} on a line of its own, for a person or script that drives it) and
 * reads one line from its standard input: {@link #GO} runs one more round of the forks the file asks for, anything
 * else (or the end of the input) ends the run.
 *
 * <p>The file holds one {@link Request} a line: the benchmark, its mode and every param (the {@code cores} one
 * included), each percent-encoded so that any param value survives, separated by single spaces; then
 * {@code warmup:N} when the fork is to warm up for N iterations instead of the run's count (learned from the
 * configuration's earlier forks, which had not reached a steady state when their measurement began); then
 * {@code replace:K} when the new fork takes the place of the configuration's fork K (from 0, in the order of the
 * results file: one whose measurement began before its steady state); and the word {@code replace} at the end when
 * the new fork replaces the fork of that configuration that other processes disturbed most (instead of adding to it).
 * An encoded name never holds a colon, so neither {@code warmup:} nor {@code replace:} is a param.
 */
public final class MoreForks {

    /**
     * The runner's line after each round without {@code --events}: its results are written, and it waits for a word.
     */
    public static final String ROUND_DONE = "# factored: round done";
    /** The word that asks for one more round of the file's forks. */
    public static final String GO = "go";
    /** The word that ends the run. */
    public static final String STOP = "stop";
    private static final String REPLACE = "replace";
    private static final String WARMUP = "warmup:";
    private static final String REPLACE_FORK = "replace:";

    private MoreForks() {
    }

    /**
     * One more fork of one configuration.
     *
     * @param benchmark the benchmark method's full name
     * @param mode      JMH's short label of the mode, e.g. {@code avgt}
     * @param params    every param of the configuration, {@code cores} included
     * @param replace   the fork replaces the most disturbed fork of the configuration measured so far
     * @param warmupIterations the warm-up iterations the fork gets instead of the run's; null: the run's
     * @param replaceFork the fork of the configuration (from 0, in the results file's order) the new one replaces
     *                  whatever it measures; null: none
     */
    public record Request(String benchmark, String mode, Map<String, String> params, boolean replace,
            Integer warmupIterations, Integer replaceFork) {

        public Request {
            if (benchmark == null || benchmark.isEmpty() || mode == null || mode.isEmpty()) {
                throw new IllegalArgumentException("a request needs a benchmark and a mode");
            }
            if (warmupIterations != null && warmupIterations < 0) {
                throw new IllegalArgumentException("a fork cannot warm up for " + warmupIterations + " iterations");
            }
            if (replaceFork != null && replaceFork < 0) {
                throw new IllegalArgumentException("no fork " + replaceFork + " to replace");
            }
            params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }

        /** A fork with the run's warm-up. */
        public Request(String benchmark, String mode, Map<String, String> params, boolean replace) {
            this(benchmark, mode, params, replace, null, null);
        }

        /**
         * One fork for this request and another that runs as the same fork (two members of one {@link CoresTurn}): this
         * one's configuration, the longer warm-up asked, a replacement if either asks one, and the fork to replace of
         * this one if it names one, else the other's (fork K of every member of a turn is the same fork).
         */
        public Request and(Request other) {
            Integer warmup = warmupIterations == null ? other.warmupIterations : other.warmupIterations == null
                    ? warmupIterations : Integer.valueOf(Math.max(warmupIterations, other.warmupIterations));
            return new Request(benchmark, mode, params, replace || other.replace, warmup,
                    replaceFork != null ? replaceFork : other.replaceFork);
        }

        /** Its line in the file. */
        public String line() {
            StringBuilder sb = new StringBuilder(encode(benchmark)).append(' ').append(encode(mode));
            params.forEach((name, value) -> sb.append(' ').append(encode(name)).append('=').append(encode(value)));
            if (warmupIterations != null) {
                sb.append(' ').append(WARMUP).append(warmupIterations);
            }
            if (replaceFork != null) {
                sb.append(' ').append(REPLACE_FORK).append(replaceFork);
            }
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
            Integer warmup = null;
            Integer replaceFork = null;
            for (int i = 2; i < fields.length; i++) {
                if (i == fields.length - 1 && fields[i].equals(REPLACE)) {
                    replace = true;
                    continue;
                }
                if (fields[i].startsWith(WARMUP)) {
                    warmup = count(line, fields[i], WARMUP, "count of warm-up iterations");
                    continue;
                }
                if (fields[i].startsWith(REPLACE_FORK)) {
                    replaceFork = count(line, fields[i], REPLACE_FORK, "fork to replace");
                    continue;
                }
                int eq = fields[i].indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("fork request '" + line + "': '" + fields[i]
                            + "' is not name=value");
                }
                params.put(decode(fields[i].substring(0, eq)), decode(fields[i].substring(eq + 1)));
            }
            return new Request(decode(fields[0]), decode(fields[1]), params, replace, warmup, replaceFork);
        }

        private static int count(String line, String field, String prefix, String what) {
            try {
                return Integer.parseInt(field.substring(prefix.length()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("fork request '" + line + "': '" + field + "' is no " + what);
            }
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
