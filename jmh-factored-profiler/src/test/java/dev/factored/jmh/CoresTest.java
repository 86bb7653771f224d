package dev.factored.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
