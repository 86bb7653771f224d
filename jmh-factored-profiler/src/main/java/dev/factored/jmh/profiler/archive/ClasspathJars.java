package dev.factored.jmh.profiler.archive;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The class path JMH and its forks get: each directory that holds only classes ({@link ClassDirectory}) replaced by a
 * jar of it, since HotSpot archives classes from jar files only, and the profiler gives forks a class-data-sharing
 * archive only when every class-path entry is a jar or an empty directory (measured on the example: a fork took
 * 2.03 s with Maven's target/classes and target/test-classes, 1.87 s with them as jars).
 *
 * <p>A jar is named by the directory's path and the digest of its content and written only when no jar of that name
 * exists, with a fixed time, so an unchanged build keeps the same file (size and time), even after {@code mvn clean}
 * removed it, and the profiler's archive, keyed by them, is the previous run's. Older jars of the same directory are
 * removed. A directory with any other file stays as it is (a benchmark may read that file as a file), as does one that
 * cannot be read or packed: the run never fails for it. This module's own tests pack their resources too
 * ({@link Resources#PACKED}: their forks read none as a file), so that every fork they start maps the archive.
 */
public final class ClasspathJars {

    /** The folder of the jars, in the run's output directory. */
    public static final String FOLDER = "classpath-jars";
    /** Entries' time: fixed, so that the same content makes the same bytes (as reproducible builds do). */
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);
    /** A partial jar this old was left by a run that was killed while writing it. */
    private static final Duration STALE = Duration.ofHours(1);

    private ClasspathJars() {
    }

    /** What becomes of a directory that holds files other than classes. */
    public enum Resources {
        /** It stays a directory (a user's run: a benchmark may read such a file as a file). */
        LEFT_AS_DIRECTORIES,
        /** They go into the jar with the classes (for a class path whose forks read no resource as a file). */
        PACKED
    }

    /**
     * The class path with the directories packed.
     *
     * @param classpath the entries JMH gets
     * @param unpacked  for each directory left as it is (other than an empty one or a missing entry): the directory
     *                  and why, in words that follow its path; empty when none was
     * @param packed    for each directory packed: the directory, its jar, whether the jar was written or reused, and
     *                  how long it took
     */
    public record Packing(List<String> classpath, List<String> unpacked, List<String> packed) {

        public Packing {
            classpath = List.copyOf(classpath);
            unpacked = List.copyOf(unpacked);
            packed = List.copyOf(packed);
        }
    }

    /**
     * Packs the directories of {@code classpath} into jars in {@code folder}; one that holds any other file than a class
     * stays a directory.
     *
     * @param workingDirectory where JMH runs: a relative entry is read from there, as JMH would
     */
    public static Packing pack(List<String> classpath, Path workingDirectory, Path folder) {
        return pack(classpath, workingDirectory, folder, Resources.LEFT_AS_DIRECTORIES);
    }

    /** As above, with what becomes of a directory that holds other files. */
    public static Packing pack(List<String> classpath, Path workingDirectory, Path folder, Resources resources) {
        List<String> entries = new ArrayList<>();
        List<String> unpacked = new ArrayList<>();
        List<String> packed = new ArrayList<>();
        for (String entry : classpath) {
            Path path = workingDirectory.resolve(entry).toAbsolutePath().normalize();
            if (entry.isBlank() || !Files.isDirectory(path)) {
                entries.add(entry);
                continue;
            }
            long start = System.nanoTime();
            try {
                ClassDirectory directory = ClassDirectory.read(path, resources);
                if (directory.notClass() != null) {
                    unpacked.add(entry + " holds " + directory.notClass() + ", not a class, which a benchmark may read"
                            + " as a file, so it stays a directory");
                    entries.add(entry);
                } else if (directory.empty()) {
                    entries.add(entry);
                } else {
                    Path jar = folder.resolve(prefix(path) + directory.digest().substring(0, 24) + ".jar");
                    boolean written = !Files.isRegularFile(jar);
                    if (written) {
                        write(directory, jar);
                    }
                    removeOlder(folder, prefix(path), jar);
                    packed.add(entry + " as " + jar + " (" + (written ? "written" : "reused") + ", "
                            + directory.entries().size() + " entries, "
                            + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms)");
                    entries.add(jar.toString());
                }
            } catch (IOException | RuntimeException e) {
                unpacked.add(entry + " cannot be packed into a jar (" + e + "), so it stays a directory");
                entries.add(entry);
            }
        }
        return new Packing(entries, unpacked, packed);
    }

    /**
     * The start of the names of a directory's jars: its name, readable, and a digest of its path, so that two
     * directories of the same name (target/classes of two modules) keep jars apart. Only characters a glob reads as
     * themselves.
     */
    static String prefix(Path directory) {
        String path = Digest.sha256Hex(directory.toString().getBytes(StandardCharsets.UTF_8));
        Path name = directory.getFileName();
        String readable = name == null ? "root" : name.toString().replaceAll("[^A-Za-z0-9._-]", "_");
        return readable + "-" + path.substring(0, 12) + "-";
    }

    /** Writes the jar under a name of its own, then moves it into place: a reader never sees half a jar. */
    private static void write(ClassDirectory directory, Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        // Named for this process (not a temporary file's owner-only permissions: the jar is as readable as the build)
        Path part = jar.resolveSibling(jar.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try {
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(part), 1 << 16);
                 ZipOutputStream zip = new ZipOutputStream(file)) {
                // Stored, not deflated: classes are small, the jar is written once and read by every fork.
                zip.setMethod(ZipOutputStream.STORED);
                CRC32 crc = new CRC32();
                for (String name : directory.entries()) {
                    byte[] bytes = name.endsWith("/") ? new byte[0]
                            : Files.readAllBytes(directory.root().resolve(name));
                    crc.reset();
                    crc.update(bytes);
                    ZipEntry entry = new ZipEntry(name);
                    entry.setTimeLocal(ENTRY_TIME);
                    entry.setSize(bytes.length);
                    entry.setCompressedSize(bytes.length);
                    entry.setCrc(crc.getValue());
                    zip.putNextEntry(entry);
                    zip.write(bytes);
                    zip.closeEntry();
                }
            }
            // The file's time is fixed too: `mvn clean` removes the jar with target/, and the same content written again
            // then has the same path, size and time, which is all the fork archive's key (and HotSpot's own check of
            // the archive against its class path) looks at. The content is in the jar's name, so no two contents meet.
            Files.setLastModifiedTime(part, FileTime.from(ENTRY_TIME.toInstant(ZoneOffset.UTC)));
            try {
                Files.move(part, jar, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /**
     * Removes the directory's other jars (of an earlier content) and the partial ones a killed run left; one that
     * cannot be removed (open elsewhere) stays until a later run.
     */
    private static void removeOlder(Path folder, String prefix, Path kept) {
        Instant stale = Instant.now().minus(STALE);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, prefix + "*")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                try {
                    boolean older = name.endsWith(".jar") && !file.equals(kept);
                    boolean abandoned = name.endsWith(".part")
                            && Files.getLastModifiedTime(file).compareTo(FileTime.from(stale)) < 0;
                    if (older || abandoned) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException e) {
                    // left for a later run
                }
            }
        } catch (IOException e) {
            // left for a later run
        }
    }
}
