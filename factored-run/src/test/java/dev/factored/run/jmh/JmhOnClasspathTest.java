package dev.factored.run.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhOnClasspathTest {

    @TempDir
    Path dir;

    private Path jar(String name, String version) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.putNextEntry(new ZipEntry("org/openjdk/jmh/Main.class"));
            zip.closeEntry();
            if (version != null) {
                zip.putNextEntry(new ZipEntry(JmhOnClasspath.PROPERTIES));
                zip.write(("# JMH's own\njmh.version=" + version + "\njmh.buildDate=2018/05/29\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void theFirstJmhOnTheClasspathIsTheOneTheBenchmarksRunOn() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path old = jar("jmh-core-1.21.jar", "1.21");
        Path current = jar("jmh-core-1.37.jar", "1.37");
        JmhOnClasspath found = JmhOnClasspath.find(List.of(classes.toString(), dir.resolve("missing.jar").toString(),
                jar("no-version.jar", null).toString(), old.toString(), current.toString()));
        assertEquals(new JmhOnClasspath("1.21", old), found);
        assertTrue(found.olderThan("1.37"));
        String warning = found.warning("1.37");
        assertTrue(warning.startsWith("the benchmarks run on JMH 1.21 (from jmh-core-1.21.jar), older than the JMH 1.37"),
                warning);
        assertTrue(warning.contains("lacks the compiler blackholes"), warning);
        assertTrue(warning.contains("declare org.openjdk.jmh:jmh-core and jmh-generator-annprocess 1.37"), warning);
        // an uber-jar holds jmh.properties itself; a directory of classes may too
        Files.writeString(classes.resolve(JmhOnClasspath.PROPERTIES), "jmh.version=1.37\n");
        assertEquals("1.37", JmhOnClasspath.find(List.of(classes.toString(), old.toString())).version());
        assertNull(JmhOnClasspath.find(List.of(classes.toString(), old.toString())).warning("1.37"));
        assertNull(JmhOnClasspath.find(List.of(dir.resolve("nothing").toString())));
    }

    @Test
    void versionsCompareByTheirNumbers() {
        assertTrue(JmhOnClasspath.compare("1.21", "1.37") < 0);
        assertTrue(JmhOnClasspath.compare("1.9", "1.37") < 0);
        assertEquals(0, JmhOnClasspath.compare("1.37", "1.37.0"));
        assertTrue(JmhOnClasspath.compare("1.38-SNAPSHOT", "1.37") > 0);
        assertNull(new JmhOnClasspath("1.38", Path.of("x.jar")).warning("1.37"));
        assertNull(new JmhOnClasspath("1.21", Path.of("x.jar")).warning(null), "unknown: no claim");
    }

    @Test
    void thisBuildKnowsTheJmhItIsBuiltWith() {
        assertEquals("1.37", JmhOnClasspath.builtWith());
    }
}
