package dev.factored.jmh;

import dev.factored.jmh.profiler.archive.ClasspathJars;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The forks this module's tests start get the class path a user's run gives them: jars. JMH and the other child JVMs
 * of the tests take the class path from {@code java.class.path}, which surefire fills with {@code target/classes} and
 * {@code target/test-classes}; HotSpot archives classes from jars only, so with the directories every fork parsed and
 * verified JMH's, the profiler's and the benchmarks' classes again (about 0.11 s more per fork, and the module's tests
 * start over 150). Before the first test class, each non-empty directory of the class path is packed into a jar by
 * {@link ClasspathJars}, the packer of a user's run, resources too ({@link ClasspathJars.Resources#PACKED}: no fork of
 * these tests reads one as a file), and {@code java.class.path} names the jar instead; this JVM keeps loading from the
 * directories. Registered for every test class of the module ({@code META-INF/services}, with autodetection on in
 * {@code junit-platform.properties}).
 */
public final class ForkClassPath implements BeforeAllCallback {

    private static boolean packed;

    @Override
    public void beforeAll(ExtensionContext context) {
        synchronized (ForkClassPath.class) {
            if (!packed) {
                packed = true;
                Path here = Path.of("").toAbsolutePath();
                List<String> entries = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
                System.setProperty("java.class.path", String.join(File.pathSeparator, ClasspathJars.pack(entries, here,
                        here.resolve("target").resolve("fork-jars"), ClasspathJars.Resources.PACKED).classpath()));
            }
        }
    }
}
