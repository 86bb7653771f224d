package dev.factored.jmh.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JIT compilers' threads of this JVM, found in {@code /proc/self/task} by their native names ({@link JvmThreads}),
 * each name read once. HotSpot starts and retires compiler threads as its queues grow and shrink, so they are listed
 * again at every look.
 */
final class CompilerThreads {

    private final Path tasks;
    private final Map<Long, Boolean> compilerByTid = new HashMap<>();

    CompilerThreads(Path tasks) {
        this.tasks = tasks;
    }

    /** The task directories of the compiler threads alive now. */
    List<Path> now() throws IOException {
        List<Path> compilers = new ArrayList<>();
        Set<Long> alive = new HashSet<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
            for (Path task : all) {
                long tid = tid(task);
                if (tid < 0) {
                    continue;
                }
                alive.add(tid);
                if (compilerByTid.computeIfAbsent(tid, this::isCompiler)) {
                    compilers.add(task);
                }
            }
        }
        compilerByTid.keySet().retainAll(alive);
        return compilers;
    }

    private boolean isCompiler(long tid) {
        try {
            return JvmThreads.isCompiler(Files.readString(tasks.resolve(Long.toString(tid)).resolve("comm")));
        } catch (IOException e) {
            return false;
        }
    }

    /** The thread id a task directory is named by; -1 for anything else. */
    private static long tid(Path task) {
        try {
            return Long.parseLong(task.getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
