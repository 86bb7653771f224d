package dev.factored.run.jmh;

import dev.factored.run.settings.Params;
import dev.factored.run.settings.Setting;
import dev.factored.run.settings.Spelling;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.util.Optional;

/**
 * The free-form JMH arguments of a run ({@code jmhArguments} of the goal, the CLI's {@code --jmh}), read by JMH's own
 * {@link CommandLineOptions}, so that they mean here exactly what they mean to JMH, and a mistake fails before
 * anything runs instead of being taken by JMH for something else.
 *
 * <p>Stricter than JMH where JMH would silently do something else than asked. Maven splits a list parameter given as
 * a property at every comma, so {@code -Dfactored.jmhArguments=-p,threshold=1,100} arrives as {@code -p},
 * {@code threshold=1} and {@code 100}, and JMH takes the stray {@code 100} for a benchmark pattern: so a benchmark
 * pattern is refused (the run selects benchmarks itself). Also refused: what the run sets itself ({@code -rf},
 * {@code -rff}, {@code -o}), what makes JMH list or print help and exit, {@code -p cores}, a {@code -p} name that is
 * no Java identifier (JMH ignores a param no benchmark has), and a boolean JMH read as false although no argument
 * says false ({@code -gctrue} is {@code -g ctrue}; {@code -foe yes} is false to JMH). One convenience: an element
 * holding an option, a space and its value ({@code -p size=1000}, what {@code -Dfactored.jmhArguments="-p size=1000"}
 * gives) is passed as the two arguments it means; JMH itself would read it as the option {@code -p " size=1000"}.
 *
 * @param arguments what to pass to JMH: the elements, with "option value" elements split in two
 * @param options   JMH's reading of them
 * @param params    the names of the params given with {@code -p}, in order
 */
public record JmhArguments(List<String> arguments, CommandLineOptions options, List<String> params) {

    /** Why the run takes one benchmark thread. */
    static final String THREADS = "several benchmark threads each run the operation at once, while a factored"
            + " configuration measures one operation at a time on its P workers; the run takes JMH's default, one"
            + " thread: leave -t out";

    /** Why the run takes forks. */
    static final String NO_FORKS = "without forks JMH runs the benchmarks inside its own JVM, which the profiler"
            + " cannot pin or hand a configuration, so nothing would be measured; give 1 or more forks";

    /** An option as JMH spells it, without a value attached: {@code -tu}, {@code --jvmArgsAppend}. */
    private static final Pattern BARE_OPTION = Pattern.compile("--?[A-Za-z]+");

    public JmhArguments {
        arguments = List.copyOf(arguments);
        params = List.copyOf(params);
    }

    /**
     * Reads the arguments as received (trimmed, blank elements left out by the caller).
     *
     * @throws IllegalArgumentException naming the element or the option, and the whole list as received
     */
    public static JmhArguments parse(List<String> elements, Spelling spelling) {
        List<String> arguments = split(elements);
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(arguments.toArray(new String[0]));
        } catch (CommandLineOptionException e) {
            throw error(spelling, elements, "JMH cannot read them: " + e.getMessage(), true);
        }
        List<String> params = paramNames(arguments, options, spelling);
        check(spelling, elements, arguments, options, params);
        return new JmhArguments(arguments, options, params);
    }

    /** True when the arguments set JMH's {@code -f}, {@code -wi}, {@code -w}, {@code -i} or {@code -r}. */
    public boolean setsTiming(String option) {
        return switch (option) {
            case "-f" -> options.getForkCount().hasValue();
            case "-wi" -> options.getWarmupIterations().hasValue();
            case "-w" -> options.getWarmupTime().hasValue();
            case "-i" -> options.getMeasurementIterations().hasValue();
            case "-r" -> options.getMeasurementTime().hasValue();
            default -> throw new IllegalArgumentException("not a timing option: " + option);
        };
    }

    /** "-p size=1000" in one element: the option and its value, meant as two arguments; anything else as it is. */
    private static List<String> split(List<String> elements) {
        List<String> arguments = new ArrayList<>();
        for (String element : elements) {
            String previous = arguments.isEmpty() ? "" : arguments.get(arguments.size() - 1);
            int space = firstWhitespace(element);
            String head = space < 0 ? element : element.substring(0, space);
            // After a bare option the element is that option's value ("-jvmArgsAppend", "-Xmx1g -Dx=1"): kept whole.
            if (space > 0 && BARE_OPTION.matcher(head).matches() && !BARE_OPTION.matcher(previous).matches()) {
                arguments.add(head);
                arguments.add(element.substring(space).strip());
            } else {
                arguments.add(element);
            }
        }
        return arguments;
    }

    /**
     * The names JMH read with {@code -p}, in the order given. JMH does not list them; each argument that may carry a
     * {@code -p} value is a candidate, and a candidate counts only when JMH has a param of that name.
     */
    private static List<String> paramNames(List<String> arguments, CommandLineOptions options, Spelling spelling) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            String value = null;
            if ((a.equals("-p") || a.equals("--p")) && i + 1 < arguments.size()) {
                value = arguments.get(i + 1);
            } else if (a.startsWith("--p=") || a.startsWith("-p=")) {
                value = a.substring(a.indexOf('=') + 1);
            } else if (a.startsWith("-p")) {
                value = a.substring(2);
            }
            if (value != null && value.endsWith("=")) {
                String name = spelling.name(Setting.JMH_ARGUMENTS);
                throw new IllegalArgumentException(name + ": -p " + value + " gives no values (JMH would run the"
                        + " param's own values); give -p name=v1,v2 (" + name + " as received: " + arguments + ")");
            }
            if (value != null) {
                String name = paramName(value);
                if (options.getParameter(name).hasValue() && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** The name of a {@code -p} value, {@code size} for {@code size=1000}. */
    static String paramName(String value) {
        int eq = value.indexOf('=');
        return eq < 0 ? value : value.substring(0, eq);
    }

    private static void check(Spelling spelling, List<String> elements, List<String> arguments,
                              CommandLineOptions options, List<String> params) {
        String subject = spelling.name(Setting.JMH_ARGUMENTS);
        reserved(spelling, elements, "-rf", options.getResultFormat(), "the run sets it (results go to jmh-result.json)");
        reserved(spelling, elements, "-rff", options.getResult(), "the run sets it (results go to jmh-result.json)");
        reserved(spelling, elements, "-o", options.getOutput(), "the run reads JMH's output (it goes to jmh.log)");
        if (options.shouldList() || options.shouldListWithParams()) {
            throw reservedError(spelling, elements, "-l or -lp", "it makes JMH list the benchmarks and exit (the run lists them"
                    + " itself)");
        }
        if (options.shouldListProfilers() || options.shouldListResultFormats() || options.shouldHelp()) {
            throw reservedError(spelling, elements, "-h, -lprof or -lrf", "it makes JMH print a list or its help and exit");
        }
        if (!options.getIncludes().isEmpty()) {
            String stray = options.getIncludes().get(0);
            int index = arguments.indexOf(stray);
            throw error(spelling, elements, "'" + stray + "' is neither a JMH option nor the value of the option before it"
                    + " (JMH would take it for a benchmark pattern)" + suggestion(spelling, arguments, index), true);
        }
        if (options.getThreads().hasValue() && options.getThreads().get() != 1) {
            throw new IllegalArgumentException(subject + " give -t " + (options.getThreads().get() < 0 ? "max"
                    : options.getThreads().get()) + ": " + THREADS);
        }
        if (options.getForkCount().hasValue() && options.getForkCount().get() == 0) {
            throw new IllegalArgumentException(subject + " give -f 0: " + NO_FORKS);
        }
        if (options.getParameter("cores").hasValue()) {
            throw new IllegalArgumentException(subject + " must not set -p cores: use " + spelling.where(Setting.CORES)
                    + " (" + subject + " as received: " + render(elements) + ")");
        }
        for (String name : params) {
            if (!Params.isJavaIdentifier(name)) {
                throw error(spelling, elements, "give -p the value '" + name + "=…': JMH wants name=v1,v2 with the name of a"
                        + " @Param field (it ignores a param no benchmark has)", true);
            }
        }
        boolean saysFalse = arguments.stream().anyMatch(a -> a.toLowerCase(java.util.Locale.ROOT).endsWith("false"));
        for (var flag : List.of(java.util.Map.entry("-gc", options.shouldDoGC()),
                java.util.Map.entry("-si", options.shouldSyncIterations()),
                java.util.Map.entry("-foe", options.shouldFailOnError()))) {
            if (flag.getValue().hasValue() && !flag.getValue().get() && !saysFalse) {
                throw error(spelling, elements, "JMH reads " + flag.getKey() + " as false here, but no argument says false"
                        + " (JMH takes any value but true for false, and reads -gctrue as -g ctrue): give "
                        + flag.getKey() + " true or " + flag.getKey() + " false as two elements", false);
            }
        }
    }

    private static void reserved(Spelling spelling, List<String> elements, String option, Optional<?> value,
                                 String reason) {
        if (value.hasValue()) {
            throw reservedError(spelling, elements, option, reason);
        }
    }

    private static IllegalArgumentException reservedError(Spelling spelling, List<String> elements, String option,
                                                          String reason) {
        String name = spelling.name(Setting.JMH_ARGUMENTS);
        return new IllegalArgumentException(name + " must not contain " + option + ": " + reason
                + " (" + name + " as received: " + render(elements) + ")");
    }

    /**
     * When a stray argument follows a {@code -p} value, the params property value that says what was meant:
     * {@code -p threshold=1} then {@code 100} is {@code threshold=1,100}.
     */
    private static String suggestion(Spelling spelling, List<String> arguments, int index) {
        if (index < 2 || !arguments.get(index - 2).equals("-p")) {
            return "";
        }
        StringBuilder meant = new StringBuilder(arguments.get(index - 1));
        for (int j = index; j < arguments.size() && !arguments.get(j).startsWith("-")
                && arguments.get(j).indexOf('=') < 0; j++) {
            meant.append(',').append(arguments.get(j));
        }
        return " (it looks like the rest of -p " + arguments.get(index - 1) + ": "
                + spelling.typed(Setting.PARAMS, "\"" + meant + "\"") + ")";
    }

    /**
     * The message of a mistake: the problem, the list as received and, when the mistake may come from the front end's
     * comma splitting, what to do instead ({@link Spelling#listSplitting()}).
     */
    private static IllegalArgumentException error(Spelling spelling, List<String> elements, String problem,
                                                  boolean commaHint) {
        String name = spelling.name(Setting.JMH_ARGUMENTS);
        return new IllegalArgumentException(name + ": " + problem + ". " + name + " as received: " + render(elements)
                + "." + (commaHint ? spelling.listSplitting() : ""));
    }

    /** The list as received, each element quoted so that spaces and empty pieces show. */
    static String render(List<String> elements) {
        return elements.stream().map(e -> "'" + e + "'").collect(Collectors.joining(", ", "[", "]"));
    }

    private static int firstWhitespace(String text) {
        for (int c = 0; c < text.length(); c++) {
            if (Character.isWhitespace(text.charAt(c))) {
                return c;
            }
        }
        return -1;
    }
}
