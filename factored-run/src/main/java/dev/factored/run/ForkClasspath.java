package dev.factored.run;

import dev.factored.jmh.profiler.archive.ClasspathJars;
import dev.factored.text.ConsoleText;
import java.nio.file.Path;
import java.util.List;

/**
 * The class path the JMH host gets, and with it every fork: the project's, with each directory of classes packed
 * into a jar ({@link ClasspathJars}) so that the forks share a class-data-sharing archive. The profiler writes why
 * forks go without one in JMH's output only, so the run says it in the console when it leaves a directory as it is.
 */
final class ForkClasspath {

    /** The profiler's property on the host JVM that switches archives off ({@code ForkArchive.PROPERTY}). */
    static final String ARCHIVE_PROPERTY = "factored.cds";

    private ForkClasspath() {
    }

    /** The project's class path, packed into jars under {@code out} where it can be; says once what is not. */
    static List<String> of(Project project, Path out, RunLog log) {
        if (project.hostJvmArguments().stream().anyMatch(ForkClasspath::archiveOff)) {
            return project.classpath(); // no archive wanted, so nothing to gain
        }
        ClasspathJars.Packing packing = ClasspathJars.pack(project.classpath(), project.workingDirectory(),
                out.resolve(ClasspathJars.FOLDER));
        for (String packed : packing.packed()) {
            log.debug(ConsoleText.of("[factored] class path: ").text(packed).toString());
        }
        if (!packing.unpacked().isEmpty()) {
            log.info(ConsoleText.of("[factored] forks load their classes without a shared archive (HotSpot archives"
                    + " classes from jars only): ").text(String.join("; ", packing.unpacked())).toString());
        }
        return packing.classpath();
    }

    private static boolean archiveOff(String jvmArgument) {
        return jvmArgument.startsWith("-D")
                && jvmArgument.substring(2).strip().equalsIgnoreCase(ARCHIVE_PROPERTY + "=false");
    }
}
