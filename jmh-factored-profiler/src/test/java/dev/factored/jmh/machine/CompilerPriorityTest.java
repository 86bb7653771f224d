package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A thread's scheduling policy is field 41 of its {@code stat}, counted after its name, whatever the name holds. */
class CompilerPriorityTest {

    private static String stat(String comm, int policy) {
        StringBuilder s = new StringBuilder("4242 (" + comm + ") S");
        for (int field = 4; field <= 52; field++) {
            s.append(' ').append(field == 41 ? policy : field * 7);
        }
        return s.append('\n').toString();
    }

    @Test
    void readsThePolicyAfterTheName(@TempDir Path task) throws IOException {
        Files.writeString(task.resolve("stat"), stat("C2 CompilerThre", CompilerPriority.SCHED_IDLE));
        assertEquals(CompilerPriority.SCHED_IDLE, CompilerPriority.policy(task));
        Files.writeString(task.resolve("stat"), stat("odd) name (x", CompilerPriority.SCHED_OTHER));
        assertEquals(CompilerPriority.SCHED_OTHER, CompilerPriority.policy(task));
        Files.writeString(task.resolve("stat"), "4242 (short) S 1 2 3\n");
        assertEquals(-1, CompilerPriority.policy(task), "too few fields");
        assertEquals(-1, CompilerPriority.policy(task.resolve("ended")));
    }

    @Test
    void thisThreadRunsUnderTheNormalPolicy() {
        Path self = Path.of("/proc/thread-self");
        assumeTrue(Files.isReadable(self.resolve("stat")), "Linux");
        assertEquals(CompilerPriority.SCHED_OTHER, CompilerPriority.policy(self));
    }

    @Test
    void leavingSchedIdleNeedsCapSysNiceOrARaisedNiceLimit(@TempDir Path proc) throws IOException {
        Path status = proc.resolve("status");
        Path limits = proc.resolve("limits");
        String noLimit = "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max nice priority         0                    0                    \n";
        Files.writeString(limits, noLimit);
        Files.writeString(status, "Name:\tjava\nCapEff:\t000001fffeffffff\n"); // root: bit 23 set
        assertEquals(true, CompilerPriority.canLeaveIdle(status, limits));
        Files.writeString(status, "Name:\tjava\nCapEff:\t0000000000000000\n"); // an unprivileged user
        assertEquals(false, CompilerPriority.canLeaveIdle(status, limits));
        Files.writeString(limits, noLimit.replace("Max nice priority         0                    0",
                "Max nice priority         20                   20"));
        assertEquals(true, CompilerPriority.canLeaveIdle(status, limits), "RLIMIT_NICE 20: nice 0 is allowed");
        assertEquals(false, CompilerPriority.canLeaveIdle(proc.resolve("missing"), limits));
    }
}
