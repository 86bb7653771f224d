package dev.factored.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} prints clean: picocli formats descriptions as format strings, so a bare '%' (e.g.
 * "5%") is not printed as written but warned about on stderr by its tracer, once per use of the text (issue 33:
 * three "[picocli WARN] Could not format" lines above {@code run --help}).
 */
class UsageHelpTest {

    /** What one {@code --help} printed. */
    private record Printed(int exitCode, String stdout, String stderr) {
    }

    /** Runs the command line as main does, with stdout and stderr captured (picocli's tracer writes to stderr). */
    private static Printed help(List<String> command) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            List<String> args = new ArrayList<>(command);
            args.add("--help");
            int code = FactoredCli.execute(args.toArray(String[]::new));
            return new Printed(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    /** The top-level command and every subcommand at any depth, by the words that name it. */
    private static Map<List<String>, CommandLine> everyCommand() {
        Map<List<String>, CommandLine> all = new LinkedHashMap<>();
        collect(List.of(), FactoredCli.commandLine(), all);
        return all;
    }

    private static void collect(List<String> path, CommandLine line, Map<List<String>, CommandLine> all) {
        all.put(path, line);
        line.getSubcommands().forEach((name, sub) -> {
            List<String> subPath = new ArrayList<>(path);
            subPath.add(name);
            collect(List.copyOf(subPath), sub, all);
        });
    }

    @Test
    void everyUsageIsPrintedWithoutAPicocliWarning() {
        Map<List<String>, CommandLine> commands = everyCommand();
        for (String expected : List.of("run", "analyze", "report", "check", "merge", "topology")) {
            assertTrue(commands.containsKey(List.of(expected)), expected + " is among " + commands.keySet());
        }
        for (List<String> command : commands.keySet()) {
            Printed printed = help(command);
            String name = String.join(" ", command);
            assertEquals(0, printed.exitCode(), name + ": " + printed.stderr());
            assertTrue(printed.stdout().contains("Usage:"), name + " printed no usage: " + printed.stdout());
            for (String text : List.of(printed.stdout(), printed.stderr())) {
                assertFalse(text.contains("WARN"), name + ": " + text);
                assertFalse(text.contains("Could not format"), name + ": " + text);
                assertFalse(text.contains("%%"), name + " shows an escaped percent sign: " + text);
            }
        }
    }

    @Test
    void aPercentSignIsPrintedAsWritten() {
        // the help is wrapped to the terminal's width: compare with the line breaks made spaces
        String run = help(List.of("run")).stdout().replaceAll("\\s+", " ");
        assertTrue(run.contains("The half-width further rounds aim at, e.g. 5% (default: the preset's: 5%, thorough 2%)."),
                run);
        String check = help(List.of("check")).stdout().replaceAll("\\s+", " ");
        assertTrue(check.contains("0.1 or 10% (default: 10%)."), check);
        assertTrue(check.contains("minimum=50%'."), check);
    }

    /**
     * A command named on the command line is built alone (issue 43: picocli reads each added command's annotations),
     * and its usage is the one it has among all the others.
     */
    @Test
    void aNamedCommandIsBuiltAloneAndPrintsTheSameUsage() {
        CommandLine all = FactoredCli.commandLine();
        for (String name : List.of("run", "analyze", "report", "check", "merge", "topology")) {
            CommandLine alone = FactoredCli.commandLine(name, "--help");
            assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
            assertEquals(all.getSubcommands().get(name).getUsageMessage(),
                    alone.getSubcommands().get(name).getUsageMessage(), name);
        }
        assertEquals(7, FactoredCli.commandLine("help", "analyze").getSubcommands().size(), "help names any command");
    }
}
