package dev.factored.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MoreForksTest {

    @TempDir
    Path dir;

    @Test
    void anyParamValueSurvivesTheFile() throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("cores", "2");
        params.put("label", "a b=c %20 é\ttab");
        MoreForks.Request odd = new MoreForks.Request("a.B.c", "avgt", params, true);
        MoreForks.Request plain = new MoreForks.Request("a.B.c", "thrpt", Map.of("cores", "baseline"), false);
        Path file = dir.resolve("more.txt");
        MoreForks.write(file, List.of(odd, plain));
        assertEquals(2, Files.readAllLines(file).size(), "one line each");
        assertEquals(List.of(odd, plain), MoreForks.read(file));
        assertEquals("a.B.c thrpt cores=baseline", plain.line());
    }

    @Test
    void aLearnedWarmupSurvivesTheFileBesideAParamNamedLikeIt() throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("cores", "1");
        params.put("warmup:", "warmup:3");
        MoreForks.Request longer = new MoreForks.Request("a.B.c", "avgt", params, true, 8, 0);
        Path file = dir.resolve("more.txt");
        MoreForks.write(file, List.of(longer));
        assertEquals(List.of(longer), MoreForks.read(file));
        assertEquals("a.B.c avgt cores=1 warmup%3A=warmup%3A3 warmup:8 replace:0 replace", longer.line());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MoreForks.Request.parse("a.B.c avgt cores=1 warmup:many"));
        assertEquals("fork request 'a.B.c avgt cores=1 warmup:many': 'warmup:many' is no count of warm-up iterations",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MoreForks.Request.parse("a.B.c avgt cores=1 replace:-1"));
    }

    @Test
    void twoMembersOfATurnAskedMakeOneForkWithTheLongerWarmupAndTheFirstForkToReplace() {
        MoreForks.Request one = new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), false, 4, null);
        MoreForks.Request two = new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), false, 6, 1);
        assertEquals(new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), false, 6, 1), one.and(two));
        MoreForks.Request plain = new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), false);
        assertEquals(plain, plain.and(plain));
        MoreForks.Request disturbed = new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), true, null, 2);
        assertEquals(new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), true, 6, 1), two.and(disturbed));
        assertEquals(new MoreForks.Request("a.B.c", "avgt", Map.of("cores", "1+2"), true, 4, 2), disturbed.and(one));
    }

    @Test
    void aLineThatIsNoRequestIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MoreForks.Request.parse("a.B.c avgt cores"));
        assertEquals("fork request 'a.B.c avgt cores': 'cores' is not name=value", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MoreForks.Request.parse("a.B.c"));
    }
}
