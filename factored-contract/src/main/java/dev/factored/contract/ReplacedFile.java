package dev.factored.contract;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file replaced in one step: the content is written to a new file beside it, then moved over it, so that a reader
 * (the analysis, a later round) never sees half a file and a run killed while writing keeps the previous one.
 *
 * <p>The file beside it is created as any new file is ({@code CREATE_NEW}, no attributes: 0666 less the umask), not
 * with {@code Files.createTempFile}, whose owner-only permissions (0600) the move would carry over: the replaced file
 * then has the mode of every other file the run writes.
 */
public final class ReplacedFile {

    /** What goes into the file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private ReplacedFile() {
    }

    /** Writes {@code content} to {@code target}, creating its directory, and replaces the file in one step. */
    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        Path beside = null;
        try {
            OutputStream out = null;
            while (out == null) {
                beside = absolute.resolveSibling(absolute.getFileName() + "."
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".part");
                try {
                    out = Files.newOutputStream(beside, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException taken) {
                    beside = null; // another writer's: draw another name
                }
            }
            try (OutputStream file = out) {
                content.writeTo(file);
            }
            try {
                Files.move(beside, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(beside, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            beside = null;
        } finally {
            if (beside != null) {
                Files.deleteIfExists(beside);
            }
        }
    }
}
