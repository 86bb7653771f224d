package dev.factored.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar factored-cli.jar <command>}: the analysis, the report, the gate and the topology of the
 * Maven plugin for JMH users without Maven. Results go to files (topology: to stdout), progress and warnings to
 * stderr.
 *
 * <p>Exit codes: 0 done, 2 bad input (a missing or unreadable file, a JSON that is not a JMH result, an
 * unknown option, a topology file that does not exist), 1 a check failed, 3 a check inconclusive with --failOnInconclusive.
 */
@Command(name = "factored", mixinStandardHelpOptions = true, version = "factored 0.1.0-SNAPSHOT",
        description = "Factored speedups of JMH fork/join benchmarks, without Maven.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done (check: passed)", "1:a check failed", "2:bad input (missing or unreadable file, not a JMH result,"
                + " unknown command or option, a --cpuOrder naming no allowed CPU)", "3:check: inconclusive with --failOnInconclusive",
                "4:run: JMH or a benchmark configuration failed"})
public final class FactoredCli implements Runnable {

    /** Bad input: a file that is missing or cannot be read, or an unknown option. */
    static final int BAD_INPUT = 2;

    /** The commands by name, in the order the usage lists them. */
    private static final Map<String, Class<?>> COMMANDS = commands();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    private static Map<String, Class<?>> commands() {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        commands.put("run", RunCommand.class);
        commands.put("analyze", AnalyzeCommand.class);
        commands.put("report", ReportCommand.class);
        commands.put("check", CheckCommand.class);
        commands.put("merge", MergeCommand.class);
        commands.put("topology", TopologyCommand.class);
        commands.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(commands);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is missing (run, analyze, report, check, merge, topology)");
    }

    /**
     * The command line for these arguments: with only the command they name when they name one (other than help), else
     * with every command. picocli reads a command's annotations by reflection when it is added: with all seven a cold
     * {@code analyze --help} took 0.48 s of CPU, with its own 0.41 s (issue 43). What one command parses and prints
     * does not depend on its siblings.
     */
    static CommandLine commandLine(String... args) {
        CommandLine line = new CommandLine(new FactoredCli());
        Class<?> named = args.length > 0 && !"help".equals(args[0]) ? COMMANDS.get(args[0]) : null;
        if (named != null) {
            line.addSubcommand(args[0], named);
        } else {
            COMMANDS.forEach(line::addSubcommand);
        }
        return line;
    }

    /** The command line, with its exit code; used by {@link #main} and by the tests. */
    static int execute(String... args) {
        CommandLine line = commandLine(args);
        // picocli would print the top-level help for "factored bogus --help" and exit 0; an unknown command is an error.
        if (args.length > 0 && !args[0].startsWith("-") && !line.getSubcommands().containsKey(args[0])) {
            System.err.println("error: unknown command '" + args[0] + "'; the commands are "
                    + String.join(", ", line.getSubcommands().keySet()));
            return BAD_INPUT;
        }
        return line.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof BadInputException) {
                System.err.println("error: " + e.getMessage());
                return BAD_INPUT;
            }
            throw e;
        }).execute(args);
    }

    public static void main(String[] args) {
        nativeReflection();
        System.exit(execute(args));
    }

    /**
     * Jackson reads and writes analysis.json's records, and picocli its options, by reflection. JDK 17 turns every
     * method or constructor called more than 15 times into a generated accessor class (defined, verified, compiled):
     * about 130 of them for one analysis.json, half a second of CPU in a cold {@code analyze} that calls each only a
     * few thousand times (issue 43). Set before the first reflective call, the threshold keeps the native accessors;
     * JDK 18 and later reflect through method handles and do not read it. A value the user set is kept.
     */
    private static void nativeReflection() {
        if (System.getProperty(INFLATION_THRESHOLD) == null) {
            System.setProperty(INFLATION_THRESHOLD, Integer.toString(Integer.MAX_VALUE));
        }
    }

    private static final String INFLATION_THRESHOLD = "sun.reflect.inflationThreshold";
}
