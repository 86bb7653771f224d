package dev.factored.jmh.profiler.archive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a class-path directory holds, read once: its entries in the order a jar of it lists them, and a digest of its
 * content (every entry's name and every file's bytes), or the first file that is not a class.
 *
 * <p>For a user's run only classes and the files JMH's annotation processor writes next to them ({@value
 * #BENCHMARK_LIST}, {@value #COMPILER_HINTS}) may go into a jar: a class loads the same from a jar, but any other file
 * is a resource a benchmark may read as a file (a {@code file:} URL, {@code Path.of(url.toURI())}), which a jar would
 * break ({@link ClasspathJars.Resources}).
 *
 * @param root     the directory
 * @param entries  the names of its directories (ending in {@code /}) and files, relative, {@code /}-separated and
 *                 sorted; empty when it holds nothing
 * @param notClass the first file (relative name) that is not a class or JMH's, or a link; null when there is none
 * @param digest   the content's digest (hex); null when {@code notClass} is not null
 */
record ClassDirectory(Path root, List<String> entries, String notClass, String digest) {

    static final String BENCHMARK_LIST = "META-INF/BenchmarkList";
    static final String COMPILER_HINTS = "META-INF/CompilerHints";
    private static final Set<String> JMH_FILES = Set.of(BENCHMARK_LIST, COMPILER_HINTS);

    ClassDirectory {
        entries = List.copyOf(entries);
    }

    /** Holds nothing, not even a directory: nothing to pack (class-data sharing accepts an empty directory). */
    boolean empty() {
        return entries.isEmpty();
    }

    /**
     * Reads {@code root}: its entries, and either the first file that may not go into a jar or the digest.
     *
     * @throws IOException the directory or one of its files cannot be read
     */
    static ClassDirectory read(Path root, ClasspathJars.Resources resources) throws IOException {
        List<String> entries = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                if (path.equals(root)) {
                    continue;
                }
                String name = name(root, path);
                // A link is never followed: what it points to may change under the jar, or lie outside the directory.
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    entries.add(name + "/");
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                        && (resources == ClasspathJars.Resources.PACKED || packable(name))) {
                    entries.add(name);
                } else {
                    return new ClassDirectory(root, List.of(), name, null);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        entries.sort(null);
        return new ClassDirectory(root, entries, null, digest(root, entries));
    }

    /** A class, or one of JMH's generated lists. */
    static boolean packable(String name) {
        return name.endsWith(".class") || JMH_FILES.contains(name);
    }

    private static String name(Path root, Path path) {
        StringBuilder name = new StringBuilder();
        for (Path part : root.relativize(path)) {
            if (!name.isEmpty()) {
                name.append('/');
            }
            name.append(part);
        }
        return name.toString();
    }

    /** SHA-256 of every entry's name and every file's length and bytes, in the entries' order. */
    private static String digest(Path root, List<String> entries) throws IOException {
        MessageDigest digest = Digest.sha256();
        for (String entry : entries) {
            digest.update(entry.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            if (!entry.endsWith("/")) {
                byte[] bytes = Files.readAllBytes(root.resolve(entry));
                digest.update(Long.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
                digest.update((byte) 0);
                digest.update(bytes);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
