package dev.factored.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The activity side file of one JMH fork: which worker was busy when, in a few sampled operations. JMH's
 * results hold only scalars, so the profiler appends these to a file per fork and the analysis reads them
 * back; this class is the one format rule for both sides.
 *
 * <p>A UTF-8 text file, one record per line, fields separated by tabs; text fields escape {@code \},
 * tab, line feed and carriage return as {@code \\ \t \n \r}:
 * <pre>
 * factored-activity  1
 * benchmark          &lt;fully qualified method&gt;
 * mode               avgt
 * param              &lt;name&gt;  &lt;value&gt;            (every JMH param, cores included)
 * operation          &lt;iteration&gt;  &lt;wall ns&gt;  &lt;workers&gt;
 * lane               &lt;worker&gt;  &lt;start&gt;,&lt;end&gt;,&lt;n|r&gt;  …
 * </pre>
 * An operation line is followed by one lane line per worker. Times are ns from the operation's start (the
 * moment it was handed to the pool) to its end (the moment the caller resumed); {@code n} marks a busy period
 * that began with new work (the operation's root, a steal, a task run while waiting in a join), {@code r} one
 * that resumed a task after waiting in a join for a stolen child.
 */
public final class ActivityLog {

    /** The system property, set by the profiler's host part, naming the directory of the side files. */
    public static final String PROPERTY = "factored.activity";
    /** The file name suffix of side files. */
    public static final String SUFFIX = ".activity.tsv";
    private static final String MAGIC = "factored-activity";
    private static final int VERSION = 1;

    private ActivityLog() {
    }

    /**
     * One busy period of a worker, in ns from the operation's start.
     *
     * @param newWork whether it began with new work rather than resuming after a join
     */
    public record Interval(long start, long end, boolean newWork) {
        public Interval {
            if (start < 0 || end < start) {
                throw new IllegalArgumentException("a busy period needs 0 <= start <= end, got " + start + ", " + end);
            }
        }
    }

    /**
     * One sampled operation.
     *
     * @param iteration the JMH measurement iteration it ended (1-based)
     * @param wallNanos from its start to its end
     * @param lanes     one list of busy periods per worker, in time order
     */
    public record Operation(int iteration, long wallNanos, List<List<Interval>> lanes) {
        public Operation {
            if (wallNanos < 0) {
                throw new IllegalArgumentException("an operation's wall time must be >= 0, got " + wallNanos);
            }
            List<List<Interval>> copy = new ArrayList<>();
            for (List<Interval> lane : lanes) {
                long last = 0;
                for (Interval i : lane) {
                    if (i.start() < last || i.end() > wallNanos) {
                        throw new IllegalArgumentException("busy periods of a worker must be in time order, "
                                + "without overlap, within the operation's " + wallNanos + " ns; found " + i);
                    }
                    last = i.end();
                }
                copy.add(List.copyOf(lane));
            }
            lanes = Collections.unmodifiableList(copy);
        }

        public int workers() {
            return lanes.size();
        }
    }

    /**
     * Whose operations a file holds.
     *
     * @param params every JMH param of the trial, {@code cores} included, in JMH's order
     */
    public record Trial(String benchmark, String mode, Map<String, String> params) {
        public Trial {
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }
    }

    /** The head of a new file. */
    public static String header(Trial trial) {
        StringBuilder sb = new StringBuilder();
        sb.append(MAGIC).append('\t').append(VERSION).append('\n');
        sb.append("benchmark\t").append(escape(trial.benchmark())).append('\n');
        sb.append("mode\t").append(escape(trial.mode())).append('\n');
        trial.params().forEach((k, v) -> sb.append("param\t").append(escape(k)).append('\t').append(escape(v))
                .append('\n'));
        return sb.toString();
    }

    /** The lines of one operation, to append to a file begun with {@link #header}. */
    public static String operation(Operation op) {
        StringBuilder sb = new StringBuilder();
        sb.append("operation\t").append(op.iteration()).append('\t').append(op.wallNanos()).append('\t')
                .append(op.workers()).append('\n');
        for (int w = 0; w < op.lanes().size(); w++) {
            sb.append("lane\t").append(w);
            for (Interval i : op.lanes().get(w)) {
                sb.append('\t').append(i.start()).append(',').append(i.end()).append(',').append(i.newWork() ? 'n' : 'r');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** A file's trial and operations. */
    public record Fork(Trial trial, List<Operation> operations) {
        public Fork {
            operations = List.copyOf(operations);
        }
    }

    /**
     * Reads one side file.
     *
     * @throws IllegalArgumentException naming the file and line of anything that does not follow the format
     */
    public static Fork read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    static Fork read(BufferedReader in, String name) throws IOException {
        String benchmark = null;
        String mode = null;
        Map<String, String> params = new LinkedHashMap<>();
        List<Operation> operations = new ArrayList<>();
        int lineNo = 0;
        String line;
        int[] pendingOp = null;   // iteration, workers, line
        long pendingWall = 0;
        List<List<Interval>> lanes = new ArrayList<>();
        while ((line = in.readLine()) != null) {
            lineNo++;
            String[] f = line.split("\t", -1);
            try {
                if (lineNo == 1) {
                    if (!MAGIC.equals(f[0]) || f.length != 2 || !String.valueOf(VERSION).equals(f[1])) {
                        throw new IllegalArgumentException("not a factored activity file of version " + VERSION);
                    }
                    continue;
                }
                switch (f[0]) {
                    case "benchmark" -> benchmark = unescape(field(f, 1, 2));
                    case "mode" -> mode = unescape(field(f, 1, 2));
                    case "param" -> params.put(unescape(field(f, 1, 3)), unescape(field(f, 2, 3)));
                    case "operation" -> {
                        if (pendingOp != null) {
                            operations.add(finish(pendingOp, pendingWall, lanes, name));
                        }
                        field(f, 3, 4);
                        pendingOp = new int[] {Integer.parseInt(f[1]), Integer.parseInt(f[3]), lineNo};
                        pendingWall = Long.parseLong(f[2]);
                        lanes = new ArrayList<>();
                    }
                    case "lane" -> {
                        if (pendingOp == null || Integer.parseInt(f[1]) != lanes.size()) {
                            throw new IllegalArgumentException("a lane must follow its operation, workers in order");
                        }
                        List<Interval> lane = new ArrayList<>(f.length - 2);
                        for (int k = 2; k < f.length; k++) {
                            String[] p = f[k].split(",", -1);
                            if (p.length != 3 || !(p[2].equals("n") || p[2].equals("r"))) {
                                throw new IllegalArgumentException("a busy period is start,end,n|r; got '" + f[k] + "'");
                            }
                            lane.add(new Interval(Long.parseLong(p[0]), Long.parseLong(p[1]), p[2].equals("n")));
                        }
                        lanes.add(lane);
                    }
                    default -> throw new IllegalArgumentException("unknown record '" + f[0] + "'");
                }
            } catch (IllegalArgumentException e) {
                // NumberFormatException is one too: a malformed number gets the same file and line.
                throw new IllegalArgumentException(name + ", line " + lineNo + ": " + e.getMessage(), e);
            }
        }
        if (lineNo == 0) {
            throw new IllegalArgumentException(name + ": empty, not a factored activity file");
        }
        if (pendingOp != null) {
            operations.add(finish(pendingOp, pendingWall, lanes, name));
        }
        if (benchmark == null || mode == null) {
            throw new IllegalArgumentException(name + ": no benchmark or mode line");
        }
        return new Fork(new Trial(benchmark, mode, params), operations);
    }

    private static Operation finish(int[] op, long wall, List<List<Interval>> lanes, String name) {
        if (lanes.size() != op[1]) {
            throw new IllegalArgumentException(where(name, op) + lanes.size() + " lanes for " + op[1] + " workers");
        }
        try {
            return new Operation(op[0], wall, lanes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where(name, op) + e.getMessage(), e);
        }
    }

    /** An operation's place in a message: spelled only for an error, not for every operation read. */
    private static String where(String name, int[] op) {
        return name + ", line " + op[2] + " (operation of iteration " + op[0] + "): ";
    }

    private static String field(String[] f, int index, int count) {
        if (f.length != count) {
            throw new IllegalArgumentException("'" + f[0] + "' needs " + (count - 1) + " fields, has " + (f.length - 1));
        }
        return f[index];
    }

    /** Text safe inside one tab-separated field. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (++i == s.length()) {
                throw new IllegalArgumentException("a text field ends in a lone backslash");
            }
            char e = s.charAt(i);
            sb.append(switch (e) {
                case '\\' -> '\\';
                case 't' -> '\t';
                case 'n' -> '\n';
                case 'r' -> '\r';
                default -> throw new IllegalArgumentException("unknown escape \\" + e);
            });
        }
        return sb.toString();
    }
}
