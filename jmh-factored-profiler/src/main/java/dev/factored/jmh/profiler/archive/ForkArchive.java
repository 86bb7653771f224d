package dev.factored.jmh.profiler.archive;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A class-data-sharing archive for the forks of a run: the classes a fork loads (JMH's, the profiler's, the
 * benchmark's) mapped from one file instead of parsed and verified again in every fork. The first fork of a class
 * path writes it when it exits ({@code -XX:ArchiveClassesAtExit}, under a name of its own); the next fork's host
 * moves it into place and every later fork maps it ({@code -XX:SharedArchiveFile}). JMH starts forks one after the
 * other, so a fork's archive is complete when the next one is planned. Only class loading changes: the code the
 * JIT compiles, and so the scores, stay as they were ({@code benchmarks/}' ForkStartup compares both).
 *
 * <p>The archive is keyed by the fork's java binary and every class-path entry's path, size and time, so a rebuilt
 * jar or another JDK gets its own. HotSpot archives classes from jar files only: a class path with a non-empty
 * directory gets no archive, and says why once (the run, factored-run's ClasspathJars, packs Maven's target/classes
 * into a jar when it holds only classes, so this is left for a directory with resources). So does a JVM without a base archive
 * (a runtime made with jlink), which would refuse to start with {@code -XX:ArchiveClassesAtExit} ({@link BaseArchive}).
 * The JVM's own messages about the archive are switched off: one that does not fit (another build) is silently not
 * used.
 */
public final class ForkArchive {

    /** The host JVM's system property that switches archives off ({@code false}) or names their directory. */
    static final String PROPERTY = "factored.cds";

    private final Path directory;
    private final BaseArchive base;

    private ForkArchive(Path directory, BaseArchive base) {
        this.directory = directory;
        this.base = base;
    }

    /** Archives in {@code directory}, for JVMs that {@code base} says have a base archive. */
    static ForkArchive in(Path directory, BaseArchive base) {
        return new ForkArchive(directory, base);
    }

    /** Archives where the host JVM's {@link #PROPERTY} says, by default a folder of the temporary directory. */
    public static ForkArchive ofThisHost() {
        String where = System.getProperty(PROPERTY);
        return new ForkArchive(where == null || where.isBlank() || "true".equals(where)
                ? Path.of(System.getProperty("java.io.tmpdir"), "factored-cds") : Path.of(where),
                BaseArchive.askingTheJvm());
    }

    /** The host JVM's {@link #PROPERTY} is {@code false}. */
    public static boolean switchedOff() {
        return "false".equalsIgnoreCase(System.getProperty(PROPERTY, "").strip());
    }

    /**
     * What a fork needs to map, or make, the archive of its JVM and class path.
     *
     * @param jvm         the fork's java binary
     * @param classPath   the fork's class path (JMH gives it the host's)
     * @param forkJvmArgs the fork's other JVM arguments: one that handles class-data sharing itself wins, and those
     *                    that choose the heap's layout choose the base archive
     * @return the JVM options, or a reason why there are none
     */
    public Plan plan(String jvm, String classPath, Collection<String> forkJvmArgs) {
        for (String arg : forkJvmArgs) {
            if (arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile") || arg.contains("ArchiveClassesAtExit")
                    || arg.contains("AutoCreateSharedArchive")) {
                return Plan.none("the benchmark's JVM arguments choose class-data sharing (" + arg + ")");
            }
        }
        String key;
        try {
            key = key(jvm, classPath);
        } catch (IOException | RuntimeException e) {
            return Plan.none(e.getMessage());
        }
        String noBase = base.missingBecause(jvm, forkJvmArgs);
        if (noBase != null) {
            return Plan.none(noBase);
        }
        Path archive = directory.resolve(key + ".jsa");
        Path pending = directory.resolve(key + "." + ProcessHandle.current().pid() + ".part.jsa");
        try {
            Files.createDirectories(directory);
            removeOrphans(key);
            if (!Files.isRegularFile(archive) && Files.isRegularFile(pending) && Files.size(pending) > 0) {
                Files.move(pending, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException e) {
            return Plan.none("cannot use " + directory + ": " + e.getMessage());
        }
        List<String> quiet = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        List<String> options = new ArrayList<>(quiet);
        if (Files.isRegularFile(archive)) {
            used(archive);
            options.add("-XX:SharedArchiveFile=" + archive);
            return new Plan(List.copyOf(options), null, false);
        }
        removeAllButTheLatest(KEPT - 1);
        options.add("-XX:ArchiveClassesAtExit=" + pending);
        return new Plan(List.copyOf(options), null, true);
    }

    /**
     * How many archives the directory keeps. Every rebuilt jar (a new size or time) gets an archive of its own, about
     * 6 MB for JMH, the profiler and a small suite: without a limit, a machine that benchmarks after every build fills
     * its temporary directory (174 archives, 1 GB, in 29 hours of this project's own builds).
     */
    static final int KEPT = 16;

    /** Marks an archive used now: the directory keeps those last used. A failure only makes it look older. */
    private static void used(Path archive) {
        try {
            Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // another user's archive, or a read-only directory: the order of removal is all it changes
        }
    }

    /**
     * Removes all but the {@code kept} archives used last, before a new one is written. A fork that maps one being
     * removed keeps its mapping (Linux); a host that planned it a moment before starts its fork without an archive.
     */
    private void removeAllButTheLatest(int kept) {
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(directory, "*.jsa")) {
            for (Path a : all) {
                if (!a.getFileName().toString().endsWith(".part.jsa")) {
                    archives.add(a);
                }
            }
        } catch (IOException | RuntimeException e) {
            return;
        }
        archives.sort(Comparator.comparing(ForkArchive::lastModified).reversed());
        for (Path old : archives.subList(Math.min(kept, archives.size()), archives.size())) {
            try {
                Files.deleteIfExists(old);
            } catch (IOException | RuntimeException e) {
                // another user's: left
            }
        }
    }

    private static FileTime lastModified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /**
     * Deletes the archives of this key that other hosts began and never moved into place: their host has ended (a run
     * of one fork, a killed run), so they may be cut short, and nothing would remove them.
     */
    private void removeOrphans(String key) throws IOException {
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(directory, key + ".*.part.jsa")) {
            for (Path part : parts) {
                String name = part.getFileName().toString();
                String pid = name.substring(key.length() + 1, name.length() - ".part.jsa".length());
                try {
                    if (ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                } catch (NumberFormatException e) {
                    continue; // not one of ours
                }
                Files.deleteIfExists(part);
            }
        }
    }

    /**
     * @param jvmOptions the fork's options; empty with a {@code missingBecause}
     * @param writes     this fork writes the archive (the first of its class path)
     */
    public record Plan(List<String> jvmOptions, String missingBecause, boolean writes) {

        static Plan none(String because) {
            return new Plan(List.of(), because, false);
        }
    }

    /**
     * The archive's name: a digest of the java binary and the class path's entries (path, size, time), which all
     * must be jar files or empty directories.
     *
     * @throws IOException naming the entry that HotSpot cannot archive
     */
    static String key(String jvm, String classPath) throws IOException {
        List<String> parts = new ArrayList<>();
        parts.add(jvm + "|" + stamp(Path.of(jvm)));
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
                    if (children.iterator().hasNext()) {
                        throw new IOException("the class path has a directory with classes (" + entry
                                + "), which class-data sharing cannot archive");
                    }
                }
            }
            parts.add(entry + "|" + stamp(path));
        }
        return Digest.sha256Hex(String.join("\n", parts).getBytes(StandardCharsets.UTF_8)).substring(0, 24);
    }

    private static String stamp(Path path) throws IOException {
        return Files.exists(path) ? Files.size(path) + "@" + Files.getLastModifiedTime(path).toMillis() : "absent";
    }
}
