package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.CoresValue;
import dev.factored.forkjoin.FactoredPool;
import dev.factored.forkjoin.FactoredTask;
import org.junit.jupiter.api.Test;

class CoresTest {

    /** A Cores state opened as JMH opens it for a trial. */
    static Cores open(String value) {
        Cores cores = new Cores();
        cores.cores = value;
        cores.open();
        return cores;
    }

    @Test
    void baselineHasNoPoolAndSaysHowToAddTheBranch() {
        Cores cores = open("baseline");
        try {
            assertTrue(cores.isBaseline());
            IllegalStateException e = assertThrows(IllegalStateException.class, cores::pool);
            assertTrue(e.getMessage().contains("if (cores.isBaseline())"), e.getMessage());
            assertTrue(e.getMessage().contains("-p cores=elision,span,1,2"), e.getMessage());
            assertThrows(IllegalStateException.class, () -> cores.invoke(task()));
        } finally {
            cores.close();
        }
    }

    @Test
    void poolsForTheOtherConfigurations() {
        for (String value : new String[] {"elision", "1", "2"}) {
            Cores cores = open(value);
            try {
                assertEquals(42, cores.invoke(task()));
                assertEquals(value.equals("elision") ? 0 : Integer.parseInt(value), cores.pool().workers());
            } finally {
                cores.close();
            }
            IllegalStateException closed = assertThrows(IllegalStateException.class, cores::pool);
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
    }

    /** No -p cores: the benchmark as written, no configuration, a pool only when the code uses one (issue 33). */
    @Test
    void asWrittenRunsTheParallelCodeOnTheJvmsDefaultWorkers() {
        assertThrows(IllegalArgumentException.class, () -> CoresValue.parse(Cores.AS_WRITTEN),
                "no configuration: the analysis refuses it");
        int before = FactoredPool.openPools().size();
        Cores cores = open(" As-Written ");
        try {
            assertTrue(cores.isAsWritten());
            assertFalse(cores.isBaseline());
            assertEquals(CoresValue.workers(Runtime.getRuntime().availableProcessors()), cores.configuration());
            assertEquals(before, FactoredPool.openPools().size(), "code with a pool of its own gets no thread of ours");
            assertEquals(42, cores.invoke(task()));
            assertEquals(Runtime.getRuntime().availableProcessors(), cores.pool().workers());
            assertEquals(7, cores.call(() -> 7));
        } finally {
            cores.close();
        }
        assertEquals(before, FactoredPool.openPools().size(), "closed at the trial's end");
        IllegalStateException closed = assertThrows(IllegalStateException.class, cores::pool);
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        Cores four = open("4");
        try {
            assertFalse(four.isAsWritten());
        } finally {
            four.close();
        }
    }

    @Test
    void badValueNamesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> open("four"));
        assertTrue(e.getMessage().contains("\"four\""), e.getMessage());
    }

    private static FactoredTask<Integer> task() {
        return new FactoredTask<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected Integer compute() {
                return 42;
            }
        };
    }
}
