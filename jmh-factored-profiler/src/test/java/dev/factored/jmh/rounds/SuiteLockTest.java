package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.RunnerException;

class SuiteLockTest {

    @Test
    void aHeldLockStopsASecondSuiteWithJmhsMessageUntilItIsLetGo(@TempDir Path dir) throws Exception {
        // A private java.io.tmpdir: the machine's own jmh.lock belongs to whatever JMH runs there.
        String tmpdir = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", dir.toString());
        try {
            try (SuiteLock held = SuiteLock.acquire()) {
                assertTrue(Files.exists(dir.resolve("jmh.lock")));
                RunnerException e = assertThrows(RunnerException.class, SuiteLock::acquire);
                assertTrue(e.getMessage().startsWith("ERROR: Another JMH instance might be running. Unable to acquire"
                        + " the JMH lock (" + dir.resolve("jmh.lock") + ")"), e.getMessage());
                assertTrue(e.getMessage().contains("-Djmh.ignoreLock=true"), e.getMessage());
            }
            SuiteLock.acquire().close();
        } finally {
            System.setProperty("java.io.tmpdir", tmpdir);
        }
    }
}
