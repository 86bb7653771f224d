package dev.factored.maven;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The run goal's {@code jmhArguments}, read the way JMH 1.37 reads its command line, so that a mistake fails
 * the build before anything runs instead of being taken by JMH for something else. Pure: no Maven, no JMH.
 *
 * <p>Why: Maven splits a list parameter given as a property at every comma, so
 * {@code -Dfactored.jmhArguments=-p,threshold=1,100} arrives as {@code -p}, {@code threshold=1} and
 * {@code 100}. JMH takes the stray {@code 100} for a benchmark include pattern and silently runs whatever it
 * matches. So every element must be a JMH option or the value of the option before it; a bare benchmark
 * pattern is refused too (the goal's {@code includes} select benchmarks).
 *
 * <p>The rules are jopt-simple 5.0.4's, as JMH 1.37's {@code CommandLineOptions} sets it up (checked against
 * the real parser): {@link #OPTIONS} are all the options; every option takes exactly one value except the
 * five flags. A value is attached ({@code -f=3}, {@code -f3}, {@code --f=3}) or is the next element, whatever
 * it starts with ({@code -jvmArgsAppend -Dx=1}). A unique prefix names an option ({@code -fo} is {@code -foe},
 * {@code -g} is {@code -gc}). An unknown {@code -abc} is read as the cluster {@code -a -b -c}, and the first
 * option in it that takes a value takes the rest ({@code -f3}, but also {@code -wi3} = {@code -w i3}).
 *
 * <p>Stricter than JMH where JMH would silently do something else than asked: {@code -wi3} and
 * {@code -gctrue} (read as {@code -w i3} and {@code -g ctrue}, i.e. gc false) are refused; a boolean must be
 * {@code true} or {@code false} (JMH takes anything else for false); a {@code -p} value must be
 * {@code name=values} with a Java identifier as the name (JMH ignores a param no benchmark has). One
 * convenience: an element holding an option, a space and its value ({@code -p size=1000}, what
 * {@code -Dfactored.jmhArguments="-p size=1000"} gives) is passed as the two arguments it means; JMH itself
 * would read it as {@code -p " size=1000"} and ignore the param.
 *
 * @param arguments what to pass to JMH: the elements, with "option value" elements split in two
 * @param options   the options, in order
 */
record JmhArguments(List<String> arguments, List<Option> options) {

    /** Whether an option takes a value. */
    enum Kind { VALUE, FLAG }

    /**
     * One option as JMH reads it.
     *
     * @param name     the full name without the dash, e.g. {@code foe} for {@code -fo}
     * @param value    its value; null for a flag
     * @param position where it is in jmhArguments as received, counting from 1
     * @param element  the element that names it, as received
     */
    record Option(String name, String value, int position, String element) {
    }

    /** Every option of JMH 1.37 ({@code org.openjdk.jmh.runner.options.CommandLineOptions}), by name. */
    static final Map<String, Kind> OPTIONS;

    static {
        Map<String, Kind> options = new TreeMap<>();
        for (String name : List.of("bm", "bs", "e", "f", "foe", "gc", "i", "jvm", "jvmArgs", "jvmArgsAppend",
                "jvmArgsPrepend", "o", "opi", "p", "prof", "r", "rf", "rff", "si", "t", "tg", "to", "tu", "v", "w",
                "wbs", "wf", "wi", "wm", "wmb")) {
            options.put(name, Kind.VALUE);
        }
        for (String name : List.of("h", "l", "lp", "lprof", "lrf")) {
            options.put(name, Kind.FLAG);
        }
        OPTIONS = Collections.unmodifiableMap(options);
    }

    /** JMH converts these with {@code Boolean.valueOf}: a misspelt {@code true} is false, silently. */
    private static final Set<String> BOOLEAN = Set.of("si", "gc", "foe");

    /** Options whose value may start with a dash; any other one's value that looks like an option is a slip. */
    private static final Set<String> DASHED_VALUES = Set.of("jvm", "jvmArgs", "jvmArgsAppend", "jvmArgsPrepend",
            "e", "wmb", "o");

    /** Options the goal sets itself or that stop JMH from measuring; the reason to give. */
    private static final Map<String, String> RESERVED = Map.of(
            "rf", "the goal sets it (results go to target/factored/jmh-result.json)",
            "rff", "the goal sets it (results go to target/factored/jmh-result.json)",
            "o", "the goal reads JMH's output (it goes to target/factored/jmh.log)",
            "l", "it makes JMH list the benchmarks and exit (the goal lists them itself with -lp)",
            "lp", "it makes JMH list the benchmarks and exit (the goal lists them itself with -lp)",
            "lrf", "it makes JMH list the result formats and exit",
            "lprof", "it makes JMH list the profilers and exit",
            "h", "it makes JMH print its help and exit");

    static final JmhArguments NONE = new JmhArguments(List.of(), List.of());

    JmhArguments {
        arguments = List.copyOf(arguments);
        options = List.copyOf(options);
    }

    /**
     * Reads jmhArguments as received (trimmed, blank elements left out).
     *
     * @throws IllegalArgumentException naming the element, its position and the whole list
     */
    static JmhArguments parse(List<String> elements) {
        List<String> arguments = new ArrayList<>();
        List<Option> options = new ArrayList<>();
        int i = 0;
        while (i < elements.size()) {
            String element = elements.get(i);
            int position = i + 1;
            if (element.equals("--")) {
                throw error(elements, position, "ends JMH's options: what follows would be benchmark patterns", true);
            }
            if (!element.startsWith("-") || element.equals("-")) {
                throw error(elements, position, "is neither a JMH option nor the value of the option before it"
                        + suggestion(elements, i, options), true);
            }
            List<Token> tokens;
            String separateValue = null;
            int whitespace = firstWhitespace(element);
            int equals = element.indexOf('=');
            if (whitespace > 0 && (equals < 0 || equals > whitespace)) {
                // "-p size=1000" in one element: the option and its value, meant as two arguments.
                String head = element.substring(0, whitespace);
                tokens = tokens(elements, position, head);
                Token last = tokens.get(tokens.size() - 1);
                if (OPTIONS.get(last.name) != Kind.VALUE || last.value != null) {
                    throw error(elements, position, "holds a space after " + head + ", which takes no further"
                            + " value: give each argument as its own element", true);
                }
                separateValue = element.substring(whitespace).strip();
                checkNotAnOption(elements, position, last.name, separateValue);
                arguments.add(head);
                arguments.add(separateValue);
            } else {
                tokens = tokens(elements, position, element);
                arguments.add(element);
            }
            i++;
            for (Token token : tokens) {
                String value = token.value;
                if (OPTIONS.get(token.name) == Kind.VALUE && value == null) {
                    if (separateValue != null) {
                        value = separateValue;
                    } else if (i < elements.size()) {
                        value = elements.get(i);
                        checkNotAnOption(elements, position, token.name, value);
                        arguments.add(value);
                        i++;
                    } else {
                        throw error(elements, position, "needs a value, and no element follows it", true);
                    }
                }
                Option option = new Option(token.name, value, position, element);
                check(elements, option);
                options.add(option);
            }
        }
        return new JmhArguments(arguments, options);
    }

    /** True when one of the options is {@code name} (full name without the dash, e.g. {@code f}). */
    boolean sets(String name) {
        return options.stream().anyMatch(o -> o.name.equals(name));
    }

    /** The {@code -p} options, in order. */
    List<Option> params() {
        return options.stream().filter(o -> o.name.equals("p")).collect(Collectors.toList());
    }

    /** The name of a {@code -p} value, {@code size} for {@code size=1000}. */
    static String paramName(String value) {
        int eq = value.indexOf('=');
        return eq < 0 ? value : value.substring(0, eq);
    }

    /** One option named by an element: its full name and its attached value, if any. */
    private record Token(String name, String value) {
    }

    /** Reads one element in option position as jopt-simple does. */
    private static List<Token> tokens(List<String> elements, int position, String element) {
        boolean isLong = element.startsWith("--");
        String body = element.substring(isLong ? 2 : 1);
        int eq = body.indexOf('=');
        String key = eq < 0 ? body : body.substring(0, eq);
        String attached = eq < 0 ? null : body.substring(eq + 1);
        String name = resolve(key);
        if (name != null) {
            if (OPTIONS.get(name) == Kind.VALUE && attached != null && attached.isEmpty()) {
                throw error(elements, position, "gives -" + name + " an empty value", true);
            }
            return List.of(new Token(name, OPTIONS.get(name) == Kind.FLAG ? null : attached));
        }
        if (isLong) {
            throw unknown(elements, position, key);
        }
        // A cluster such as -hf3: flags, then an option that takes the rest of the element as its value.
        List<Token> tokens = new ArrayList<>();
        for (int c = 0; c < body.length(); c++) {
            String single = resolve(String.valueOf(body.charAt(c)));
            if (single == null) {
                throw unknown(elements, position, key);
            }
            if (OPTIONS.get(single) == Kind.FLAG || c + 1 == body.length()) {
                tokens.add(new Token(single, null));
                continue;
            }
            String value = body.substring(c + 1);
            String from = body.substring(c);
            for (String longer : OPTIONS.keySet().stream().sorted(Comparator.comparing(String::length).reversed())
                    .collect(Collectors.toList())) {
                if (longer.length() > 1 && from.startsWith(longer)) {
                    String rest = from.substring(longer.length());
                    String written = "-" + body.charAt(c)
                            + (single.length() > 1 ? " (short for -" + single + ")" : "");
                    throw error(elements, position, "is read by JMH as " + written + " with the value '" + value
                            + "', not as -" + longer + (rest.isEmpty() ? "" : " with the value '" + rest + "'")
                            + ": give -" + longer + " and its value as two elements (or -" + longer + "=value)",
                            true);
                }
            }
            tokens.add(new Token(single, value));
            return tokens;
        }
        return tokens;
    }

    /** The option a name or a unique prefix of one names, as jopt-simple's abbreviation map finds it; or null. */
    static String resolve(String key) {
        if (OPTIONS.containsKey(key)) {
            return key;
        }
        List<String> candidates = candidates(key);
        return candidates.size() == 1 ? candidates.get(0) : null;
    }

    private static List<String> candidates(String key) {
        return OPTIONS.keySet().stream().filter(n -> !key.isEmpty() && n.startsWith(key))
                .collect(Collectors.toList());
    }

    private static void checkNotAnOption(List<String> elements, int position, String name, String value) {
        if (DASHED_VALUES.contains(name) || !value.startsWith("-") || value.length() < 2) {
            return;
        }
        boolean isOption = value.equals("--");
        if (!isOption) {
            String body = value.substring(value.startsWith("--") ? 2 : 1);
            int eq = body.indexOf('=');
            isOption = resolve(eq < 0 ? body : body.substring(0, eq)) != null
                    || resolve(body.substring(0, 1)) != null;
        }
        if (isOption) {
            throw error(elements, position, "needs a value, but what follows it, '" + value
                    + "', is an option", true);
        }
    }

    /** Checks an option and its value: what the goal sets itself, cores, and values JMH would misread. */
    private static void check(List<String> elements, Option option) {
        String name = option.name;
        String value = option.value;
        int position = option.position;
        String reason = RESERVED.get(name);
        if (reason != null) {
            throw new IllegalArgumentException("jmhArguments must not contain -" + name + ": " + reason
                    + " (element " + position + ", '" + option.element + "', of " + render(elements) + ")");
        }
        if (BOOLEAN.contains(name) && !value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw error(elements, position, "gives -" + name + " the value '" + value + "': give true or false"
                    + " (JMH reads anything else as false)", false);
        }
        if (name.equals("p")) {
            String param = paramName(value);
            if (param.equals("cores")) {
                throw new IllegalArgumentException("jmhArguments must not set -p cores: use <cores> or"
                        + " -Dfactored.cores (element " + position + " of " + render(elements) + ")");
            }
            if (value.indexOf('=') < 0 || !isJavaIdentifier(param) || value.endsWith("=")) {
                throw error(elements, position, "gives -p the value '" + value + "': JMH wants name=v1,v2 with"
                        + " the name of a @Param field (it ignores a param no benchmark has)", true);
            }
        }
    }

    static boolean isJavaIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int c = 1; c < name.length(); c++) {
            if (!Character.isJavaIdentifierPart(name.charAt(c))) {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException unknown(List<String> elements, int position, String key) {
        List<String> candidates = candidates(key);
        String which = candidates.size() > 1
                ? " (it abbreviates several: " + candidates.stream().map(n -> "-" + n).collect(Collectors.joining(", "))
                        + ")"
                : "";
        return error(elements, position, "is not an option of JMH 1.37" + which + "; the options it may hold are "
                + OPTIONS.keySet().stream().filter(n -> !RESERVED.containsKey(n))
                        .map(n -> "-" + n).collect(Collectors.joining(" ")), true);
    }

    /**
     * When a stray element follows a {@code -p} value, the params property value that says what was meant:
     * {@code -p threshold=1} then {@code 100} is {@code threshold=1,100}. (Every element before a stray one
     * has been read, so the last option read is the one just before it.)
     */
    private static String suggestion(List<String> elements, int index, List<Option> options) {
        if (options.isEmpty() || !options.get(options.size() - 1).name.equals("p")) {
            return "";
        }
        Option last = options.get(options.size() - 1);
        StringBuilder meant = new StringBuilder(last.value);
        for (int j = index; j < elements.size() && !elements.get(j).startsWith("-")
                && elements.get(j).indexOf('=') < 0; j++) {
            meant.append(',').append(elements.get(j));
        }
        return " (it looks like the rest of -p " + last.value + ": -Dfactored.params=\"" + meant + "\")";
    }

    /**
     * The message of a syntax error: the element, its position, the list as received and, when the mistake may
     * come from Maven's comma splitting, what to do instead.
     */
    private static IllegalArgumentException error(List<String> elements, int position, String problem,
                                                  boolean commaHint) {
        StringBuilder message = new StringBuilder("jmhArguments element ").append(position).append(" of ")
                .append(elements.size()).append(", '").append(elements.get(position - 1)).append("', ")
                .append(problem).append(". jmhArguments as received: ").append(render(elements)).append('.');
        if (commaHint) {
            message.append(" Maven splits a list parameter given as a property at every comma:"
                    + " -Dfactored.jmhArguments=-p,threshold=1,100 arrives as '-p', 'threshold=1', '100'."
                    + " Give params with the params property instead, which keeps commas:"
                    + " -Dfactored.params=\"threshold=1,100;size=1000\" (or <params> in the POM); other values"
                    + " with commas need the POM, one <jmhArgument> per element. Benchmark patterns do not belong"
                    + " in jmhArguments: select benchmarks with <includes> or -Dfactored.includes.");
        }
        return new IllegalArgumentException(message.toString());
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
