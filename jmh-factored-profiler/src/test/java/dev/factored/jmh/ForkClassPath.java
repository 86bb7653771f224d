package dev.factored.jmh;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The forks this module's tests start get the class path a user's run gives them: jars. JMH and the other child JVMs
 * of the tests take the class path from {@code java.class.path}, which surefire fills with {@code target/classes} and
 * {@code target/test-classes}; HotSpot archives classes from jars only, so with the directories every fork parsed and
 * verified JMH's, the profiler's and the benchmarks' classes again (about 0.11 s more per fork, and the module's tests
 * start over 300). Before the first test class, each non-empty directory of the class path is packed into a jar named
 * by a digest of its content, and {@code java.class.path} names the jar instead; this JVM keeps loading from the
 * directories. Registered for every test class of the module ({@code META-INF/services}, with autodetection on in
 * {@code junit-platform.properties}).
 *
 * <p>The jars keep a fixed file time: an unchanged build gets the same jar, path, size and time, so the forks map the
 * class-data archive an earlier build's first fork wrote. The name changes with the content, so a changed class never
 * meets an archive made of the old one (HotSpot checks a jar by its size and time only).
 */
public final class ForkClassPath implements BeforeAllCallback {

    private static final FileTime FIXED = FileTime.fromMillis(946_684_800_000L); // 2000-01-01
    private static boolean packed;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        synchronized (ForkClassPath.class) {
            if (!packed) {
                packed = true;
                System.setProperty("java.class.path", jarsOnly(System.getProperty("java.class.path")));
            }
        }
    }

    /** {@code classPath} with each directory that holds files replaced by its jar. */
    public static String jarsOnly(String classPath) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            entries.add(Files.isDirectory(path) && !isEmpty(path) ? jarOf(path).toString() : entry);
        }
        return String.join(File.pathSeparator, entries);
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.findAny().isEmpty();
        }
    }

    /** The jar of {@code directory}, in {@code fork-jars/} beside it, written only when none holds its content yet. */
    private static Path jarOf(Path directory) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(directory)) {
            files = all.filter(Files::isRegularFile).sorted().toList();
        }
        MessageDigest digest = sha256();
        for (Path f : files) {
            digest.update(name(directory, f).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            digest.update(Files.readAllBytes(f));
        }
        Path jars = directory.toAbsolutePath().getParent().resolve("fork-jars");
        String prefix = directory.getFileName() + "-";
        Path jar = jars.resolve(prefix + HexFormat.of().formatHex(digest.digest()).substring(0, 16) + ".jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Files.createDirectories(jars);
        Path part = jars.resolve(jar.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try (OutputStream file = Files.newOutputStream(part); JarOutputStream out = new JarOutputStream(file)) {
            out.setLevel(Deflater.NO_COMPRESSION);
            for (Path f : files) {
                JarEntry entry = new JarEntry(name(directory, f));
                entry.setLastModifiedTime(FIXED);
                out.putNextEntry(entry);
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        Files.setLastModifiedTime(part, FIXED);
        try (Stream<Path> older = Files.list(jars)) {
            for (Path old : (Iterable<Path>) older.filter(p -> p.getFileName().toString().startsWith(prefix))
                    ::iterator) {
                if (!old.equals(part)) {
                    Files.deleteIfExists(old);
                }
            }
        }
        Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }

    private static String name(Path directory, Path file) {
        return directory.relativize(file).toString().replace(File.separatorChar, '/');
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
