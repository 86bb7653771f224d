package dev.factored.jmh.profiler.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which fork writes the archive, which maps it, and which class paths get none. */
class ForkArchiveTest {

    @TempDir
    Path dir;

    private String jar(String name) throws IOException {
        Path jar = dir.resolve(name);
        Files.write(jar, new byte[] {1, 2, 3});
        return jar.toString();
    }

    @Test
    void theFirstForkWritesTheNextMapsAndALaterOneMapsToo() throws IOException {
        ForkArchive archives = ForkArchive.in(dir.resolve("cds"), BaseArchive.PRESENT);
        String classPath = jar("a.jar") + java.io.File.pathSeparator + jar("b.jar");
        String jvm = jar("java");
        ForkArchive.Plan first = archives.plan(jvm, classPath, List.of());
        assertTrue(first.writes());
        String pending = first.jvmOptions().stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit="))
                .findFirst().orElseThrow().substring("-XX:ArchiveClassesAtExit=".length());
        assertTrue(first.jvmOptions().contains("-Xlog:cds=off"), first.toString());
        // the first fork has not written anything (it crashed, say): the next one tries again
        assertTrue(archives.plan(jvm, classPath, List.of()).writes());
        Files.write(Path.of(pending), new byte[] {42});
        ForkArchive.Plan second = archives.plan(jvm, classPath, List.of());
        assertFalse(second.writes());
        assertTrue(second.jvmOptions().stream().anyMatch(o -> o.startsWith("-XX:SharedArchiveFile=")), second.toString());
        assertFalse(Files.exists(Path.of(pending)), "moved into place");
        assertEquals(second, archives.plan(jvm, classPath, List.of()));
    }

    @Test
    void anArchiveBegunByAHostThatEndedIsRemovedNotUsed() throws IOException {
        ForkArchive archives = ForkArchive.in(dir.resolve("cds"), BaseArchive.PRESENT);
        String classPath = jar("a.jar");
        String key = ForkArchive.key(jar("java"), classPath);
        Files.createDirectories(dir.resolve("cds"));
        Path orphan = dir.resolve("cds").resolve(key + "." + Long.MAX_VALUE + ".part.jsa");
        Files.write(orphan, new byte[] {1});
        assertTrue(archives.plan(dir.resolve("java").toString(), classPath, List.of()).writes(), "writes its own");
        assertFalse(Files.exists(orphan));
    }

    /**
     * The directory keeps the archives used last: a new one removes all but the {@value ForkArchive#KEPT} - 1 used
     * most recently, and mapping an archive counts as using it, however old it was written.
     */
    @Test
    void aNewArchiveRemovesAllButTheArchivesUsedLast() throws IOException {
        Path cds = dir.resolve("cds");
        ForkArchive archives = ForkArchive.in(cds, BaseArchive.PRESENT);
        String jvm = jar("java");
        String mapped = jar("mapped.jar");
        Files.createDirectories(cds);
        Path mappedArchive = cds.resolve(ForkArchive.key(jvm, mapped) + ".jsa");
        Files.write(mappedArchive, new byte[] {1});
        Files.setLastModifiedTime(mappedArchive, java.nio.file.attribute.FileTime.fromMillis(1_000));
        for (int i = 0; i < ForkArchive.KEPT + 3; i++) {
            Path old = cds.resolve("old" + i + ".jsa");
            Files.write(old, new byte[] {1});
            Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.fromMillis(10_000 + 1_000L * i));
        }
        Path part = cds.resolve("other." + ProcessHandle.current().pid() + ".part.jsa");
        Files.write(part, new byte[] {1});
        assertFalse(archives.plan(jvm, mapped, List.of()).writes(), "the oldest archive is mapped, and so used now");
        assertTrue(archives.plan(jvm, jar("new.jar"), List.of()).writes());
        List<String> left;
        try (var files = Files.list(cds)) {
            left = files.map(f -> f.getFileName().toString()).filter(n -> !n.endsWith(".part.jsa")).sorted().toList();
        }
        assertEquals(ForkArchive.KEPT - 1, left.size(), left.toString());
        assertTrue(Files.exists(mappedArchive), "used last: " + left);
        assertTrue(left.contains("old" + (ForkArchive.KEPT + 2) + ".jsa"), left.toString());
        assertFalse(left.contains("old0.jsa"), left.toString());
        assertTrue(Files.exists(part), "an archive being written is not the directory's to remove");
    }

    @Test
    void aRebuiltJarGetsAnArchiveOfItsOwn() throws Exception {
        String a = jar("a.jar");
        String before = ForkArchive.key(jar("java"), a);
        Files.write(Path.of(a), new byte[] {1, 2, 3, 4});
        assertNotEquals(before, ForkArchive.key(dir.resolve("java").toString(), a));
    }

    @Test
    void aDirectoryWithClassesOrTheBenchmarksOwnSharingGetsNone() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.write(classes.resolve("A.class"), new byte[] {0});
        ForkArchive archives = ForkArchive.in(dir.resolve("cds"), BaseArchive.PRESENT);
        ForkArchive.Plan directory = archives.plan(jar("java"), classes.toString(), List.of());
        assertTrue(directory.jvmOptions().isEmpty());
        assertTrue(directory.missingBecause().contains(classes.toString()), directory.missingBecause());
        ForkArchive.Plan own = archives.plan(jar("java"), jar("a.jar"), List.of("-Xshare:off"));
        assertTrue(own.jvmOptions().isEmpty());
        assertTrue(own.missingBecause().contains("-Xshare:off"));
        // an empty directory is no obstacle
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertNull(archives.plan(jar("java"), empty + java.io.File.pathSeparator + jar("a.jar"), List.of())
                .missingBecause());
    }

    @Test
    void aJvmWithoutABaseArchiveGetsNoneAndSaysWhy() throws IOException {
        ForkArchive archives = ForkArchive.in(dir.resolve("cds"),
                (jvm, forkOptions) -> jvm + " has no base class-data archive");
        ForkArchive.Plan plan = archives.plan(jar("java"), jar("a.jar"), List.of());
        assertTrue(plan.jvmOptions().isEmpty(), "-XX:ArchiveClassesAtExit would stop the fork: " + plan);
        assertFalse(plan.writes());
        assertEquals(dir.resolve("java") + " has no base class-data archive", plan.missingBecause());
    }
}
