package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.contract.TurnRefused;
import dev.factored.forkjoin.FactoredPool;
import org.junit.jupiter.api.Test;

/**
 * A turn ({@code cores=1+2}) runs only where the profiler tags its iterations, and never unmodified parallel code,
 * whose pool cannot change size between members: both are refused with the way out. (Running in turn:
 * {@code e2e.TurnKnownAnswersTest}.)
 */
class CoresInTurnTest {

    @Test
    void withoutTheProfilerATurnCannotBeToldApartAfterwardsSoTheTrialFails() {
        assertNull(System.getProperty(CoresValue.PROPERTY), "this test JVM must not look like a profiled fork");
        Cores cores = new Cores();
        cores.cores = "2+baseline+1";
        IllegalStateException e = assertThrows(IllegalStateException.class, cores::open);
        assertTrue(e.getMessage().contains("cores = baseline+1+2") && e.getMessage().contains(
                "-prof dev.factored.jmh.FactoredProfiler") && e.getMessage().contains("-p cores=baseline,1,2"),
                e.getMessage());
        cores.close();
    }

    @Test
    void unmodifiedParallelCodeIsRefusedWithTheWayOut() {
        int openBefore = FactoredPool.openPools().size();
        System.setProperty(CoresValue.PROPERTY, "1+2"); // as the profiler's host hands it a turn's fork
        try {
            for (Runnable made : new Runnable[] {Cores::forkJoinPool, () -> Cores.forkJoinPool(4)}) {
                IllegalStateException e = assertThrows(TurnRefused.class, made::run);
                assertTrue(e.getMessage().contains("Cores.forkJoinPool(") && e.getMessage().contains("shareForks=none")
                        && e.getMessage().contains("--shareForks=none"), e.getMessage());
            }
            Cores cores = CoresTest.open("1+elision+2");
            try {
                assertTrue(FactoredPool.openPools().size() >= openBefore + 3, "a pool for each of 1, 2 and elision");
                IllegalStateException e = assertThrows(TurnRefused.class, () -> cores.call(() -> 1));
                assertTrue(e.getMessage().contains("cores.call(...)") && e.getMessage().contains("cores = 1+elision+2")
                        && e.getMessage().contains("shareForks=none"), e.getMessage());
            } finally {
                cores.close();
            }
            assertTrue(FactoredPool.openPools().size() <= openBefore, "every member's pool closed with the trial");
        } finally {
            System.clearProperty(CoresValue.PROPERTY);
        }
    }
}
