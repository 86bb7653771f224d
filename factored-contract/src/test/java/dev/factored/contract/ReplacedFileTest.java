package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplacedFileTest {

    @TempDir
    Path dir;

    @Test
    void aReplacedFileHasTheModeOfAPlainNewFile() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
        Path plain = Files.writeString(dir.resolve("plain.json"), "{}");
        Path replaced = dir.resolve("sub/jmh-result.json");
        ReplacedFile.write(replaced, out -> out.write("[1]".getBytes(StandardCharsets.UTF_8)));
        ReplacedFile.write(replaced, out -> out.write("[2]".getBytes(StandardCharsets.UTF_8)));
        assertEquals("[2]", Files.readString(replaced));
        // Files.createTempFile would give rw------- whatever the umask; a new file gets 0666 less the umask.
        assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)),
                PosixFilePermissions.toString(Files.getPosixFilePermissions(replaced)));
        assertEquals(List.of("jmh-result.json"), names(replaced.getParent()), "nothing left beside it");
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNothingBeside() throws IOException {
        Path target = Files.writeString(dir.resolve("host.properties"), "old");
        assertThrows(IOException.class, () -> ReplacedFile.write(target, out -> {
            out.write('x');
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("host.properties"), names(dir));
    }

    private static List<String> names(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
