package dev.factored.run.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The JMH on the benchmarks' classpath, as the JVM that runs them would load it: the first entry that holds
 * jmh-core's {@value #PROPERTIES} (JMH's own {@code Version} reads it there). A project that declares an older jmh-core
 * itself gets it there instead of the profiler's, since Maven's nearest declaration wins; the run names it.
 *
 * @param version the version jmh-core says it is, e.g. {@code 1.21}
 * @param source  the classpath entry it came from (a jar or a directory)
 */
public record JmhOnClasspath(String version, Path source) {

    /** jmh-core's resource that names its version ({@code jmh.version=1.37}). */
    static final String PROPERTIES = "jmh.properties";

    /**
     * The JMH found first on {@code classpath}, or null when no entry holds one (an entry that cannot be read is passed
     * over: the run itself will say what is wrong with it).
     */
    public static JmhOnClasspath find(List<String> classpath) {
        for (String entry : classpath) {
            Path path = Path.of(entry);
            String version = null;
            try {
                if (Files.isDirectory(path)) {
                    Path file = path.resolve(PROPERTIES);
                    if (Files.isRegularFile(file)) {
                        try (InputStream in = Files.newInputStream(file)) {
                            version = version(in);
                        }
                    }
                } else if (Files.isRegularFile(path)) {
                    try (ZipFile zip = new ZipFile(path.toFile())) {
                        ZipEntry properties = zip.getEntry(PROPERTIES);
                        if (properties != null) {
                            try (InputStream in = zip.getInputStream(properties)) {
                                version = version(in);
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                continue;
            }
            if (version != null) {
                return new JmhOnClasspath(version, path);
            }
        }
        return null;
    }

    /** The JMH this build of factored is built and tested with: the jmh-core it brings itself; null if not found. */
    public static String builtWith() {
        try (InputStream in = JmhOnClasspath.class.getResourceAsStream("/" + PROPERTIES)) {
            return in == null ? null : version(in);
        } catch (IOException e) {
            return null;
        }
    }

    private static String version(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        String version = p.getProperty("jmh.version");
        return version == null || version.isBlank() ? null : version.trim();
    }

    /** Whether this JMH is older than {@code other}, comparing the dotted numbers (a suffix such as -SNAPSHOT aside). */
    boolean olderThan(String other) {
        return compare(version, other) < 0;
    }

    /**
     * The warning for a JMH older than the one factored is built with, naming it and what it lacks; null when it is
     * not older (or either version is unknown).
     */
    public String warning(String builtWith) {
        if (builtWith == null || !olderThan(builtWith)) {
            return null;
        }
        return "the benchmarks run on JMH " + version + " (from " + source.getFileName() + "), older than the JMH "
                + builtWith + " the profiler and its rounds runner are built and tested with: " + version + " lacks"
                + " the compiler blackholes JMH " + builtWith + " uses on JDK 17 and later (each operation's result goes"
                + " through a call of Blackhole's Java code instead, which the measured time then holds). The project's"
                + " own jmh-core wins over the profiler's in Maven's resolution: declare org.openjdk.jmh:jmh-core and"
                + " jmh-generator-annprocess " + builtWith + ".";
    }

    /** Dotted numbers compared part by part, a missing part as 0; the first non-digit ends a part's number. */
    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Long.compare(number(x, i), number(y, i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static long number(String[] parts, int i) {
        if (i >= parts.length) {
            return 0;
        }
        String digits = parts[i].replaceAll("^(\\d*).*$", "$1");
        return digits.isEmpty() ? 0 : Long.parseLong(digits.length() > 18 ? digits.substring(0, 18) : digits);
    }
}
