package dev.factored.jmh.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which collector beans count stop-the-world pauses: the names the JDKs here report (17 and 25, four collectors). */
class JvmActivityTest {

    private static GarbageCollectorMXBean named(String name) {
        return (GarbageCollectorMXBean) Proxy.newProxyInstance(JvmActivityTest.class.getClassLoader(),
                new Class<?>[] {GarbageCollectorMXBean.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getName")) {
                        return name;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void pauseBeansCountAndConcurrentCyclesDoNot() {
        for (String pausing : List.of("G1 Young Generation", "G1 Old Generation", "G1 Concurrent GC", "PS Scavenge",
                "PS MarkSweep", "Copy", "MarkSweepCompact", "ZGC Pauses", "ZGC Minor Pauses", "ZGC Major Pauses",
                "Shenandoah Pauses")) {
            assertEquals(true, dev.factored.forkjoin.accounting.GcPauses.pauses(named(pausing)), pausing);
        }
        for (String concurrent : List.of("ZGC Cycles", "ZGC Minor Cycles", "ZGC Major Cycles", "Shenandoah Cycles")) {
            assertEquals(false, dev.factored.forkjoin.accounting.GcPauses.pauses(named(concurrent)), concurrent);
        }
    }
}
