package dev.factored.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console says once, escaped, which directory kept the forks from the shared archive; with archives switched off
 * nothing is packed.
 */
class ForkClasspathTest {

    @TempDir
    Path dir;

    private final List<String> info = new ArrayList<>();
    private final RunLog log = CollectingLog.into(info, false);

    private Path directory(String name, String file) throws IOException {
        Path classes = dir.resolve(name);
        Files.createDirectories(classes.resolve("a"));
        Files.writeString(classes.resolve("a/B.class"), "b");
        Files.writeString(classes.resolve(file), "x");
        return classes;
    }

    private Project project(List<String> jvm, Path... classpath) {
        return new Project(null, jvm, java.util.Arrays.stream(classpath).map(Path::toString).toList(), dir, "p");
    }

    @Test
    void aDirectoryWithAResourceIsNamedOnceInTheConsole() throws IOException {
        Path classes = directory("classes", "a/C.class");
        Path tests = directory("test-classes", "data\u001B[31m.txt");
        List<String> classpath = ForkClasspath.of(project(List.of(), classes, tests), dir.resolve("out"), log);

        assertTrue(classpath.get(0).endsWith(".jar"), classpath.toString());
        assertEquals(tests.toString(), classpath.get(1));
        assertEquals(1, info.size(), info.toString());
        assertEquals("[factored] forks load their classes without a shared archive (HotSpot archives classes from jars"
                + " only): " + tests + " holds data\\u001B[31m.txt, not a class, which a benchmark may read as a file,"
                + " so it stays a directory", info.get(0));
    }

    @Test
    void noArchiveWantedPacksNothing() throws IOException {
        Path classes = directory("classes", "a/C.class");
        Project off = project(List.of("-D" + ForkClasspath.ARCHIVE_PROPERTY + "=false"), classes);
        List<String> classpath = ForkClasspath.of(off, dir.resolve("out"), log);

        assertEquals(List.of(classes.toString()), classpath);
        assertEquals(List.of(), info);
    }
}
