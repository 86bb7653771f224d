package dev.factored.jmh.e2e;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the end-to-end test needs to know about the host to predict the pinning. */
final class FactoredProfilerTestAccess {

    private FactoredProfilerTestAccess() {
    }

    static boolean tasksetOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isBlank() && Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }
}
