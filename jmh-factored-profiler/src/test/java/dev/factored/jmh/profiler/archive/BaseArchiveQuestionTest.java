package dev.factored.jmh.profiler.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a fork's JVM is asked whether it has a base class-data archive (the jlink runtime: NoBaseArchiveEndToEndTest). */
class BaseArchiveQuestionTest {

    @Test
    void onlyTheOptionsThatChooseTheArchiveAreGivenToTheQuestion() {
        List<String> command = BaseArchiveQuestion.command("/jdk/bin/java", List.of("-Xmx64g", "-XX:+UseZGC",
                "-XX:-UseCompressedOops", "-XX:+UnlockExperimentalVMOptions", "-XX:ActiveProcessorCount=1",
                "-Dfactored.cores=1", "-javaagent:agent.jar", "-Xlog:gc:file=gc.log", "-XX:StartFlightRecording"));
        assertEquals(List.of("/jdk/bin/java", "-Xmx64g", "-XX:+UseZGC", "-XX:-UseCompressedOops",
                "-XX:+UnlockExperimentalVMOptions", "-Xshare:on", "-version"), command);
    }

    @Test
    void theJvmsLinesOnOneLine() {
        assertEquals("Unable to use shared archive. Specified shared archive not found (/rt/lib/server/classes.jsa).",
                BaseArchiveQuestion.words("Error occurred during initialization of VM\nUnable to use shared archive.\n"
                        + "\nSpecified shared archive not found (/rt/lib/server/classes.jsa).\n"
                        + "Unable to use shared archive.\n"));
    }

    @Test
    void thisJdkHasOne() {
        Path home = Path.of(System.getProperty("java.home"));
        assumeTrue(Files.isRegularFile(home.resolve("lib/server/classes.jsa")), "this JDK has no default CDS archive");
        assertNull(BaseArchiveQuestion.answer(home.resolve("bin").resolve("java").toString(), List.of()));
    }

    @Test
    void aJvmThatFailsSaysWhy(@TempDir Path dir) throws IOException {
        assumeTrue(File.separatorChar == '/', "a shell script stands in for the JVM");
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'Error occurred during initialization of VM'\n"
                + "echo 'Unable to use shared archive.' >&2\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        String because = BaseArchiveQuestion.answer(java.toString(), List.of("-XX:+UseSerialGC"));
        assertNotNull(because);
        assertTrue(because.startsWith(java + " has no base class-data archive, which -XX:ArchiveClassesAtExit builds "
                + "on (-XX:+UseSerialGC -Xshare:on -version: Unable to use shared archive.)"), because);
        assertTrue(BaseArchiveQuestion.answer(dir.resolve("absent").toString(), List.of()).startsWith("could not ask"));
    }
}
