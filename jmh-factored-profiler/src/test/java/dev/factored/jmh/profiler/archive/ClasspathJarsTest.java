package dev.factored.jmh.profiler.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Directories of classes become jars the forks' class-data-sharing archive can hold; any other stays as it is. */
class ClasspathJarsTest {

    @TempDir
    Path tmp;

    private Path classes(String name) throws IOException {
        Path dir = tmp.resolve(name);
        write(dir, "com/acme/Fib.class", "fib");
        write(dir, "com/acme/jmh_generated/Fib_jmhType.class", "generated");
        write(dir, "META-INF/BenchmarkList", "list");
        write(dir, "META-INF/CompilerHints", "hints");
        return dir;
    }

    private static void write(Path dir, String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private ClasspathJars.Packing pack(String... entries) {
        return ClasspathJars.pack(List.of(entries), tmp, tmp.resolve("out").resolve(ClasspathJars.FOLDER));
    }

    private List<Path> jars() throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("out").resolve(ClasspathJars.FOLDER))) {
            return files.sorted().toList();
        }
    }

    @Test
    void aDirectoryOfClassesBecomesAJarWithTheSameEntries() throws Exception {
        Path dir = classes("classes");
        Path lib = Files.writeString(tmp.resolve("lib.jar"), "not read");
        ClasspathJars.Packing packing = pack(dir.toString(), lib.toString());

        assertEquals(List.of(), packing.unpacked());
        assertEquals(2, packing.classpath().size());
        assertEquals(lib.toString(), packing.classpath().get(1), "a jar stays where it was");
        Path jar = Path.of(packing.classpath().get(0));
        assertEquals(tmp.resolve("out").resolve(ClasspathJars.FOLDER), jar.getParent());
        List<String> names = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                names.add(entry.getName());
                assertEquals(ZipEntry.STORED, entry.getMethod(), entry.getName());
                if (!entry.isDirectory()) {
                    assertEquals(Files.readString(dir.resolve(entry.getName())),
                            new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        assertEquals(List.of("META-INF/", "META-INF/BenchmarkList", "META-INF/CompilerHints", "com/", "com/acme/",
                "com/acme/Fib.class", "com/acme/jmh_generated/", "com/acme/jmh_generated/Fib_jmhType.class"), names,
                "sorted, with the directories");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertNotNull(loader.getResource("META-INF/BenchmarkList"), "JMH finds its list");
            assertNotNull(loader.getResource("com/acme/"), "a package's directory is found, as in the directory");
        }
    }

    @Test
    void aDirectoryWithAResourceStaysAndTheRunSaysWhy() throws IOException {
        Path dir = classes("test-classes");
        write(dir, "data/input.txt", "read as a file");
        ClasspathJars.Packing packing = pack(dir.toString());

        assertEquals(List.of(dir.toString()), packing.classpath());
        assertEquals(1, packing.unpacked().size());
        String why = packing.unpacked().get(0);
        assertTrue(why.startsWith(dir + " holds data/input.txt, not a class"), why);
        assertFalse(Files.exists(tmp.resolve("out").resolve(ClasspathJars.FOLDER)), "no jar");
    }

    @Test
    void anEmptyDirectoryAndAMissingEntryStayWithoutAWord() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        ClasspathJars.Packing packing = pack(empty.toString(), tmp.resolve("absent").toString());

        assertEquals(List.of(empty.toString(), tmp.resolve("absent").toString()), packing.classpath());
        assertEquals(List.of(), packing.unpacked());
    }

    @Test
    void aRelativeEntryIsReadWhereJmhRuns() throws IOException {
        classes("rel");
        ClasspathJars.Packing packing = pack("rel");

        assertTrue(packing.classpath().get(0).endsWith(".jar"), packing.classpath().toString());
    }

    @Test
    void theSameContentReusesTheJarAndChangedContentReplacesIt() throws IOException {
        Path dir = classes("classes");
        Path first = Path.of(pack(dir.toString()).classpath().get(0));
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(first, old);

        // a clean build writes the same bytes again, at another time
        Files.setLastModifiedTime(dir.resolve("com/acme/Fib.class"), FileTime.fromMillis(System.currentTimeMillis()));
        ClasspathJars.Packing again = pack(dir.toString());
        assertEquals(first.toString(), again.classpath().get(0));
        assertEquals(old, Files.getLastModifiedTime(first), "not written again, so the archive's key holds");
        assertTrue(again.packed().get(0).contains("reused"), again.packed().toString());

        write(dir, "com/acme/Fib.class", "fib, faster");
        Path changed = Path.of(pack(dir.toString()).classpath().get(0));
        assertNotEquals(first, changed);
        assertEquals(List.of(changed), jars(), "the older jar of the directory is removed");
    }

    /** `mvn clean` removes the jar with target/: written again, it has the same path, size and time as before. */
    @Test
    void theSameContentWrittenAgainAfterACleanIsTheSameFile() throws IOException {
        Path dir = classes("classes");
        Path first = Path.of(pack(dir.toString()).classpath().get(0));
        FileTime time = Files.getLastModifiedTime(first);
        long size = Files.size(first);
        Files.delete(first);
        ClasspathJars.Packing again = pack(dir.toString());
        assertTrue(again.packed().get(0).contains("written"), again.packed().toString());
        assertEquals(first.toString(), again.classpath().get(0));
        assertEquals(time, Files.getLastModifiedTime(first));
        assertEquals(size, Files.size(first));
    }

    @Test
    void twoDirectoriesOfTheSameNameKeepTheirJars() throws IOException {
        Path a = classes("a/classes");
        Path b = classes("b/classes");
        write(b, "com/acme/Other.class", "other");
        ClasspathJars.Packing packing = pack(a.toString(), b.toString());

        assertEquals(2, jars().size());
        assertNotEquals(packing.classpath().get(0), packing.classpath().get(1));
    }

    @Test
    void aJarThatCannotBeWrittenLeavesTheDirectory() throws IOException {
        Path dir = classes("classes");
        Files.createDirectories(tmp.resolve("out"));
        Files.writeString(tmp.resolve("out").resolve(ClasspathJars.FOLDER), "a file where the folder would be");
        ClasspathJars.Packing packing = pack(dir.toString());

        assertEquals(List.of(dir.toString()), packing.classpath());
        assertTrue(packing.unpacked().get(0).startsWith(dir + " cannot be packed into a jar ("), packing.unpacked()
                .toString());
    }
}
