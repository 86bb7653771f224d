package dev.factored.run.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParamsTest {

    private static void assertFails(String text, String... parts) {
        String message = assertThrows(IllegalArgumentException.class, () -> Params.parse(text, PomSpelling.INSTANCE)).getMessage();
        for (String part : parts) {
            assertTrue(message.contains(part), "expected «" + part + "» in: " + message);
        }
        assertTrue(message.contains("name=v1,v2;name2=v3"), message);
    }

    @Test
    void semicolonsSeparateParamsAndCommasTheirValues() {
        Params params = Params.parse("threshold=1,100;size=1000", PomSpelling.INSTANCE);
        assertEquals(List.of("-p", "threshold=1,100", "-p", "size=1000"), params.arguments());
        assertEquals(List.of(new Params.Param("threshold", List.of("1", "100")),
                new Params.Param("size", List.of("1000"))), params.entries());
        assertEquals("threshold=1,100;size=1000", params.describe());
        assertTrue(params.has("size"));
    }

    @Test
    void whitespaceAroundSeparatorsAndEmptyPiecesAreDropped() {
        assertEquals(List.of("-p", "threshold=1,100", "-p", "size=1000"),
                Params.parse(" threshold = 1, 100 ;\n size=1000; ", PomSpelling.INSTANCE).arguments());
        assertEquals(List.of("-p", "mode=a=b"), Params.parse("mode=a=b", PomSpelling.INSTANCE).arguments());
    }

    @Test
    void nothingGivenIsNoParams() {
        assertSame(Params.NONE, Params.parse(null, PomSpelling.INSTANCE));
        assertSame(Params.NONE, Params.parse("  ", PomSpelling.INSTANCE));
        assertEquals(List.of(), Params.NONE.arguments());
    }

    @Test
    void namesTheBadPiece() {
        assertFails("threshold=1,100;size", "'size' has no '='");
        assertFails("=1,100", "'=1,100' has no name");
        assertFails("1x=2", "'1x'", "not a Java identifier");
        assertFails("my size=2", "'my size'", "not a Java identifier");
        assertFails("threshold=", "'threshold=' has an empty value for 'threshold'");
        assertFails("threshold=1,,100", "'threshold=1,,100' has an empty value");
        assertFails("threshold=1,100,", "has an empty value");
    }

    @Test
    void refusesCoresAndAParamGivenTwice() {
        assertFails("cores=1,2", "'cores=1,2' sets cores", "<cores> or -Dfactored.cores");
        assertFails("threshold=1;size=2;threshold=100", "'threshold=100' gives the param 'threshold' a second time");
    }
}
