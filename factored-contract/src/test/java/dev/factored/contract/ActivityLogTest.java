package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.contract.ActivityLog.Interval;
import dev.factored.contract.ActivityLog.Operation;
import dev.factored.contract.ActivityLog.Trial;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActivityLogTest {

    private static ActivityLog.Fork read(String text) throws Exception {
        return ActivityLog.read(new BufferedReader(new StringReader(text)), "f.activity.tsv");
    }

    @Test
    void roundTripsUntrustedNamesAndEveryInterval() throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("cores", "2");
        params.put("we\tird\\", "line\nbreak\r\u202E😀");
        Trial trial = new Trial("a.B.c", "avgt", params);
        Operation op = new Operation(3, 1_000, List.of(
                List.of(new Interval(5, 400, true), new Interval(600, 990, false)),
                List.of()));
        ActivityLog.Fork fork = read(ActivityLog.header(trial) + ActivityLog.operation(op) + ActivityLog.operation(op));
        assertEquals(trial, fork.trial());
        assertEquals(List.of(op, op), fork.operations());
    }

    @Test
    void badInputNamesFileAndLine() {
        String head = ActivityLog.header(new Trial("a.B.c", "avgt", Map.of("cores", "2")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(head + "operation\t1\t100\t1\nlane\t0\t5,x,n\n"));
        assertTrue(e.getMessage().startsWith("f.activity.tsv, line 6: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(head + "operation\t1\t100\t2\nlane\t0\t5,50,n\n"));
        assertTrue(e.getMessage().contains("1 lanes for 2 workers"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read(head + "operation\t1\t100\t1\nlane\t0\t5,150,n\n"));
        assertTrue(e.getMessage().contains("line 5 (operation of iteration 1)") && e.getMessage().contains("within the operation"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> read("something else\n"));
        assertTrue(e.getMessage().contains("line 1: not a factored activity file"), e.getMessage());
    }
}
