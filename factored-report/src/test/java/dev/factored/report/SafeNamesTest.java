package dev.factored.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** File names and anchors from untrusted names (the text itself is sanitised by dev.factored.text.Untrusted). */
class SafeNamesTest {

    @Test
    void safeNamesKeepOnlyHarmlessCharacters() {
        String name = SafeNames.readable("../<script>alert(1)</script> \"x\"");
        assertTrue(name.matches("[a-z0-9-]+"), name);
        assertEquals("family", SafeNames.readable("<>\"'"));
        assertTrue(SafeNames.readable("x".repeat(500)).length() <= 48);
    }

    @Test
    void safeNamesStayUniqueForFamiliesThatLookAlike() {
        SafeNames names = new SafeNames();
        var a = Fixtures.family("a.B.c").param("s", "1 2").build();
        var b = Fixtures.family("a.B.c").param("s", "1-2").build(); // same readable part, other family
        String first = names.next(a);
        String second = names.next(b);
        String duplicate = names.next(a); // the same family twice in one analysis
        assertNotEquals(first, second);
        assertNotEquals(first, duplicate);
        assertTrue(first.matches("[a-z0-9-]+"), first);
    }
}
