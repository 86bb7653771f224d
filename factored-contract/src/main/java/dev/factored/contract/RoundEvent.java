package dev.factored.contract;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the rounds runner ({@code dev.factored.jmh.Rounds --events}) tells the run that started it, one event a line on
 * its standard output, among JMH's own lines: the runner speaks in these, never in sentences the run would have to
 * read back; each side words them for its own reader. The replies go the other way as {@link MoreForks} says.
 *
 * <p>A line is {@link #MARKER}, the event's kind, then {@code name=value} fields separated by single spaces, e.g.
 * {@code #factored-event fork round=2 planned=3 configuration=5 configurations=84 fork=89 forks=252}. Every value is
 * percent-encoded (UTF-8, a space as {@code +}), so a line is ASCII and no value holds a space, an {@code =}, a line
 * break or the marker, whatever a benchmark's name or params hold; a list's elements are encoded each and joined by
 * commas (no element: an empty value). An absent optional field is left out; a field a reader does not know is
 * skipped, so a newer runner's extra fields do not stop an older run from reading the rest.
 */
public sealed interface RoundEvent {

    /** How an event's line starts; JMH starts no line so. */
    String MARKER = "#factored-event ";

    /** The event's kind as its line names it. */
    String kind();

    /** The event's fields, in their order on the line; null values are left out. */
    Map<String, Object> fields();

    /** The line that carries the event, without a line break. */
    default String line() {
        StringBuilder sb = new StringBuilder(MARKER).append(kind());
        fields().forEach((name, value) -> {
            if (value != null) {
                sb.append(' ').append(name).append('=').append(value instanceof List<?> list ? list(list) : encode(
                        String.valueOf(value)));
            }
        });
        return sb.toString();
    }

    /** The plan: {@code rounds} rounds of {@code configurations} configurations, shuffled with {@code seed}. */
    record Plan(int rounds, int configurations, long seed) implements RoundEvent {
        public String kind() {
            return "plan";
        }

        public Map<String, Object> fields() {
            return named("rounds", rounds, "configurations", configurations, "seed", seed);
        }
    }

    /**
     * A fork starts: the {@code configuration}-th of the {@code configurations} of round {@code round} (from 1; a round
     * after the {@code planned} ones is a further one), the run's fork {@code fork} of {@code forks} as planned and as
     * extended so far, with a warm-up of {@code learnedWarmup} iterations learned from the configuration's earlier
     * forks instead of the run's (null: the run's), measuring {@code members} configurations: 1, or the members of a
     * {@link CoresTurn}, whose fork runs as many times the iterations of a fork of one (the line leaves out 1).
     */
    record ForkStarted(int round, int planned, int configuration, int configurations, int fork, int forks,
            Integer learnedWarmup, int members) implements RoundEvent {
        public ForkStarted {
            if (members < 1) {
                throw new IllegalArgumentException("a fork measures at least one configuration, not " + members);
            }
        }

        /** A fork of one configuration. */
        public ForkStarted(int round, int planned, int configuration, int configurations, int fork, int forks,
                Integer learnedWarmup) {
            this(round, planned, configuration, configurations, fork, forks, learnedWarmup, 1);
        }

        /** Whether the round comes after the planned ones. */
        public boolean further() {
            return round > planned;
        }

        public String kind() {
            return "fork";
        }

        public Map<String, Object> fields() {
            return named("round", round, "planned", planned, "configuration", configuration, "configurations",
                    configurations, "fork", fork, "forks", forks, "warmup", learnedWarmup, "members",
                    members == 1 ? null : members);
        }
    }

    /**
     * Before the first fork, of the {@code planned} forks: {@code noBaseline} bandwidth forks will not run (their
     * family has no baseline), and up to {@code elisionSpan} elision and span forks and up to {@code bandwidth} other
     * bandwidth forks may not, as the forks before them show.
     */
    record SparingAhead(int planned, int noBaseline, int elisionSpan, int bandwidth) implements RoundEvent {
        public String kind() {
            return "sparing-ahead";
        }

        public Map<String, Object> fields() {
            return named("planned", planned, "noBaseline", noBaseline, "elisionSpan", elisionSpan, "bandwidth",
                    bandwidth);
        }
    }

    /**
     * At the end, the forks left out and of which benchmarks (short names): elision and span forks of unmodified code;
     * bandwidth forks whose baseline runs one copy ({@code oneCopyRan} more ran before that showed and were left out);
     * bandwidth forks of families without a baseline.
     */
    record Spared(int unmodified, List<String> unmodifiedOf, int oneCopy, int oneCopyRan, List<String> oneCopyOf,
            int noBaseline, List<String> noBaselineOf) implements RoundEvent {
        public Spared {
            unmodifiedOf = List.copyOf(unmodifiedOf);
            oneCopyOf = List.copyOf(oneCopyOf);
            noBaselineOf = List.copyOf(noBaselineOf);
        }

        public String kind() {
            return "spared";
        }

        public Map<String, Object> fields() {
            return named("unmodified", unmodified, "unmodifiedOf", unmodifiedOf, "oneCopy", oneCopy, "oneCopyRan",
                    oneCopyRan, "oneCopyOf", oneCopyOf, "noBaseline", noBaseline, "noBaselineOf", noBaselineOf);
        }
    }

    /** The file of further forks could not be read ({@code reason}): no further rounds. */
    record RequestsUnreadable(String file, String reason) implements RoundEvent {
        public String kind() {
            return "requests-unreadable";
        }

        public Map<String, Object> fields() {
            return named("file", file, "reason", reason);
        }
    }

    /** A further fork asked for ({@code request}, its {@link MoreForks.Request#line()}) is no configuration of the run. */
    record NotInRun(String request) implements RoundEvent {
        public String kind() {
            return "not-in-run";
        }

        public Map<String, Object> fields() {
            return named("request", request);
        }
    }

    /** None of the further forks asked for can run: no further rounds. */
    record NothingToRun() implements RoundEvent {
        public String kind() {
            return "nothing-to-run";
        }

        public Map<String, Object> fields() {
            return Map.of();
        }
    }

    /** A further fork of {@code configuration} failed: its earlier forks are kept, and it gets no more. */
    record FurtherForkFailed(String configuration) implements RoundEvent {
        public String kind() {
            return "further-fork-failed";
        }

        public Map<String, Object> fields() {
            return named("configuration", configuration);
        }
    }

    /**
     * The fork just run takes the place of the configuration's fork {@code replaced} (from 0, as {@link
     * MoreForks.Request#replaceFork()}), whose measurement began before its steady state.
     */
    record ForkReplaced(String configuration, int replaced) implements RoundEvent {
        public String kind() {
            return "fork-replaced";
        }

        public Map<String, Object> fields() {
            return named("configuration", configuration, "replaced", replaced);
        }
    }

    /** The activity files of a replaced fork of {@code configuration} could not be deleted. */
    record ActivityKept(String configuration, List<String> files) implements RoundEvent {
        public ActivityKept {
            files = List.copyOf(files);
        }

        public String kind() {
            return "activity-kept";
        }

        public Map<String, Object> fields() {
            return named("configuration", configuration, "files", files);
        }
    }

    /**
     * The fork of configurations in turn ({@link CoresTurn}) of {@code benchmark} in {@code mode} with {@code params}
     * (each {@code name=value}, the {@code cores} one the turn's) failed: its {@code members} are measured in forks of
     * their own from now on, and what JMH reported of the failed fork is no failure of the run. {@code unmodified}:
     * the fork refused the turn because the code is unmodified parallel code ({@link TurnRefused}); otherwise a
     * member failed.
     */
    record TurnApart(String benchmark, String mode, List<String> params, List<String> members, boolean unmodified)
            implements RoundEvent {
        public TurnApart {
            params = List.copyOf(params);
            members = List.copyOf(members);
        }

        public String kind() {
            return "turn-apart";
        }

        public Map<String, Object> fields() {
            return named("benchmark", benchmark, "mode", mode, "params", params, "members", members, "unmodified",
                    unmodified ? "true" : null);
        }
    }

    /** A round is done and its results written; the runner waits for a word ({@link MoreForks}). */
    record RoundDone() implements RoundEvent {
        public String kind() {
            return "round-done";
        }

        public Map<String, Object> fields() {
            return Map.of();
        }
    }

    /** The event a line carries; empty for any other line, and for a marked line that is no event (said by parse). */
    static Optional<RoundEvent> read(String line) {
        if (!line.startsWith(MARKER)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(line));
        } catch (IllegalArgumentException notAnEvent) {
            return Optional.empty();
        }
    }

    /**
     * The event of a marked line.
     *
     * @throws IllegalArgumentException naming what is wrong: no marker, an unknown kind, a field missing or malformed
     */
    static RoundEvent parse(String line) {
        if (!line.startsWith(MARKER)) {
            throw new IllegalArgumentException("not an event: '" + line + "'");
        }
        /** The named fields of the line, before their types are read. */
        final class Fields {
            final Map<String, String> raw = new LinkedHashMap<>();

            String text(String name) {
                String value = raw.get(name);
                if (value == null) {
                    throw new IllegalArgumentException("event '" + line + "' lacks " + name);
                }
                return URLDecoder.decode(value, StandardCharsets.UTF_8);
            }

            long number(String name) {
                try {
                    return Long.parseLong(text(name));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("event '" + line + "': " + name + " is no whole number");
                }
            }

            int count(String name) {
                long n = number(name);
                if (n < 0 || n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("event '" + line + "': " + name + " is no count");
                }
                return (int) n;
            }

            List<String> list(String name) {
                String value = raw.get(name);
                if (value == null) {
                    throw new IllegalArgumentException("event '" + line + "' lacks " + name);
                }
                List<String> elements = new ArrayList<>();
                if (!value.isEmpty()) {
                    for (String element : value.split(",", -1)) {
                        elements.add(URLDecoder.decode(element, StandardCharsets.UTF_8));
                    }
                }
                return elements;
            }
        }
        String[] words = line.substring(MARKER.length()).strip().split(" ");
        Fields f = new Fields();
        for (String word : Arrays.asList(words).subList(1, words.length)) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("event '" + line + "': '" + word + "' is not name=value");
            }
            f.raw.put(word.substring(0, eq), word.substring(eq + 1));
        }
        return switch (words[0]) {
            case "plan" -> new Plan(f.count("rounds"), f.count("configurations"), f.number("seed"));
            case "fork" -> new ForkStarted(f.count("round"), f.count("planned"), f.count("configuration"),
                    f.count("configurations"), f.count("fork"), f.count("forks"),
                    f.raw.containsKey("warmup") ? f.count("warmup") : null,
                    f.raw.containsKey("members") ? f.count("members") : 1);
            case "sparing-ahead" -> new SparingAhead(f.count("planned"), f.count("noBaseline"), f.count("elisionSpan"),
                    f.count("bandwidth"));
            case "spared" -> new Spared(f.count("unmodified"), f.list("unmodifiedOf"), f.count("oneCopy"),
                    f.count("oneCopyRan"), f.list("oneCopyOf"), f.count("noBaseline"), f.list("noBaselineOf"));
            case "requests-unreadable" -> new RequestsUnreadable(f.text("file"), f.text("reason"));
            case "not-in-run" -> new NotInRun(f.text("request"));
            case "nothing-to-run" -> new NothingToRun();
            case "further-fork-failed" -> new FurtherForkFailed(f.text("configuration"));
            case "fork-replaced" -> new ForkReplaced(f.text("configuration"), f.count("replaced"));
            case "activity-kept" -> new ActivityKept(f.text("configuration"), f.list("files"));
            case "turn-apart" -> new TurnApart(f.text("benchmark"), f.text("mode"), f.list("params"),
                    f.list("members"), "true".equals(f.raw.get("unmodified")));
            case "round-done" -> new RoundDone();
            default -> throw new IllegalArgumentException("event '" + line + "': no kind '" + words[0] + "'");
        };
    }

    private static Map<String, Object> named(Object... namesAndValues) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    private static String list(List<?> elements) {
        List<String> encoded = new ArrayList<>();
        elements.forEach(e -> encoded.add(encode(String.valueOf(e))));
        return String.join(",", encoded);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
