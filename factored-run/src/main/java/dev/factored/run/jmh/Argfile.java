package dev.factored.run.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code java @argfile}: the test classpath of a real project easily passes the command-line length
 * limits of Windows and of some shells, so every argument goes into a file, one quoted argument a line.
 */
public final class Argfile {

    private Argfile() {
    }

    public static void write(Path file, List<String> arguments) throws IOException {
        List<String> lines = new ArrayList<>(arguments.size());
        for (String argument : arguments) {
            lines.add(quote(argument));
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** The launcher treats backslash as an escape inside double quotes (Windows paths included). */
    static String quote(String argument) {
        return '"' + argument.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
