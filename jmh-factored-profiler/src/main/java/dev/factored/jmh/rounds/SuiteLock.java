package dev.factored.jmh.rounds;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import org.openjdk.jmh.runner.RunnerException;

/**
 * JMH's machine-wide lock ({@code java.io.tmpdir/jmh.lock}, the file and the rules of JMH 1.37's {@code Runner}),
 * held by {@code dev.factored.jmh.Rounds} for the whole suite. Every {@code Runner.run} takes the lock and lets it go
 * when it ends, so a suite of many runs would leave gaps between configurations in which another JMH run could start
 * (and the suite's next run then fail, or both share the machine); holding it from the first fork to the last keeps
 * the machine to this suite as one JMH run does.
 */
public final class SuiteLock implements AutoCloseable {

    /** JMH's property: when true, JMH takes no lock (and neither does this). */
    public static final String IGNORE = "jmh.ignoreLock";

    private final RandomAccessFile file;
    private final FileLock lock;

    private SuiteLock(RandomAccessFile file, FileLock lock) {
        this.file = file;
        this.lock = lock;
    }

    /**
     * Takes the lock, with JMH's messages when it cannot.
     *
     * @throws RunnerException when another JMH run holds it, or the file cannot be made
     */
    public static SuiteLock acquire() throws RunnerException {
        File lockFile = new File(System.getProperty("java.io.tmpdir") + "/jmh.lock");
        String tail = " the JMH lock (" + lockFile + "), exiting. Use -D" + IGNORE + "=true to forcefully continue.";
        try {
            lockFile.createNewFile();
            // As JMH: a lock file made by one user must work for the others.
            lockFile.setWritable(true, false);
        } catch (IOException e) {
            throw new RunnerException("ERROR: Unable to create" + tail, e);
        }
        RandomAccessFile file = null;
        try {
            file = new RandomAccessFile(lockFile, "rw");
            FileLock lock = file.getChannel().tryLock();
            if (lock == null) {
                throw new OverlappingFileLockException();
            }
            return new SuiteLock(file, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(file);
            throw new RunnerException("ERROR: Another JMH instance might be running. Unable to acquire" + tail);
        } catch (IOException e) {
            closeQuietly(file);
            throw new RunnerException("ERROR: Unexpected exception while trying to acquire" + tail, e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            file.close();
        }
    }

    private static void closeQuietly(RandomAccessFile file) {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // the lock was not taken; nothing to undo
            }
        }
    }
}
