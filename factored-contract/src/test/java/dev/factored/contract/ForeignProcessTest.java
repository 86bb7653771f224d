package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ForeignProcessTest {

    @Test
    void aLabelReadsBackAsTheProcessItNames() {
        ForeignProcess p = new ForeignProcess(4242, "python3");
        assertEquals("factored.foreign:4242:python3", p.label());
        assertEquals(p, ForeignProcess.ofLabel(p.label()));
        // a command may hold the separator and any other text: only the first colon after the pid splits
        assertEquals(new ForeignProcess(7, "a:b <i>"), ForeignProcess.ofLabel("factored.foreign:7:a:b <i>"));
    }

    @Test
    void otherLabelsAreNotProcesses() {
        assertNull(ForeignProcess.ofLabel("factored.idle"));
        assertNull(ForeignProcess.ofLabel("factored.foreign:x:python3"));
        assertNull(ForeignProcess.ofLabel("factored.foreign:0:python3"));
        assertNull(ForeignProcess.ofLabel("factored.foreign:12"));
        assertNull(ForeignProcess.ofLabel(null));
    }
}
