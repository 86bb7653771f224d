package dev.factored.jmh.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.ActivityLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fork that a later round replaces takes its activity file with it; the others' stay. */
class ForkActivityTest {

    @Test
    void aReplacedForksFileIsDeletedAndNoOtherOne(@TempDir Path dir) throws Exception {
        // an earlier run's file, and the directory known only once the profiler set up the first fork
        Path stale = Files.writeString(dir.resolve("fork-1-a" + ActivityLog.SUFFIX), "old");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minusSeconds(3600)));
        AtomicBoolean known = new AtomicBoolean(false);
        ForkActivity<String> activity = new ForkActivity<>(() -> known.get() ? List.of(dir) : List.of());

        activity.starting();
        known.set(true);
        Path first = Files.writeString(dir.resolve("fork-2-a" + ActivityLog.SUFFIX), "first");
        Files.writeString(dir.resolve("fork-2-a.other"), "not an activity file");
        activity.ran(List.of("first fork"));
        activity.starting();
        Path second = Files.writeString(dir.resolve("fork-3-a" + ActivityLog.SUFFIX), "second");
        activity.ran(List.of("second fork"));
        activity.starting();
        activity.ran(List.of("a fork that wrote nothing"));

        assertEquals(List.of(first), activity.of("first fork"), "the stale file is no fork's of this run");
        assertEquals(List.of(second), activity.of("second fork"));
        List<String> kept = new ArrayList<>();
        kept.addAll(activity.replaced("first fork"));
        kept.addAll(activity.replaced(null));
        kept.addAll(activity.replaced("a fork that wrote nothing"));
        assertFalse(Files.exists(first), "the replaced fork's file is gone");
        assertTrue(Files.exists(second) && Files.exists(stale) && Files.exists(dir.resolve("fork-2-a.other")));
        assertEquals(List.of(), kept, "all deleted: none kept");
        assertEquals(List.of(), activity.of("first fork"));
    }
}
