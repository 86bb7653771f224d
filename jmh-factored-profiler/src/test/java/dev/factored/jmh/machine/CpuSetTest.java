package dev.factored.jmh.machine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTest {

    @Test
    void rangesAndSingles() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 8, 9, 10, 11}, CpuSet.parse("0-3,8-11").toArray());
        assertArrayEquals(new int[] {5}, CpuSet.parse("5").toArray());
        assertArrayEquals(new int[] {0, 2, 4, 5}, CpuSet.parse("0,2,4-5").toArray());
        assertArrayEquals(new int[] {0, 1, 2, 3}, CpuSet.parse("\t 0-1 , 2 ,3 \n").toArray());
        assertArrayEquals(new int[] {1, 2, 3}, CpuSet.parse("3,1-2,2").toArray(), "sorted, duplicates merged");
        assertArrayEquals(new int[] {7}, CpuSet.parse("7-7").toArray());
    }

    @Test
    void formatMergesRanges() {
        assertEquals("0-3,8-11", CpuSet.parse("0-3,8-11").toString());
        assertEquals("0,2,4-5", CpuSet.parse("0,2,4,5").toString());
        assertEquals("5", CpuSet.parse("5").toString());
        assertEquals("1-3", CpuSet.parse("3,2,1").toString());
    }

    @Test
    void firstNInAscendingOrder() {
        CpuSet set = CpuSet.parse("8-11,0-3");
        assertEquals("0", set.first(1).toString());
        assertEquals("0-1", set.first(2).toString());
        assertEquals("0-3,8", set.first(5).toString());
        assertEquals("0-3,8-11", set.first(8).toString());
        assertEquals("0-3,8-11", set.first(99).toString(), "fewer than n: all of them");
        assertEquals("2,4", CpuSet.parse("4,2,6").first(2).toString());
        assertThrows(IllegalArgumentException.class, () -> set.first(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "a", "0-", "-3", "1,,2", "0-3,x", "3-1", "1.5", "0x3", "0-3;4", "99999999"})
    void garbageIsRejectedNamingTheList(String list) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuSet.parse(list));
        assertTrue(e.getMessage().contains("CPU list") || e.getMessage().contains("empty CPU list"), e.getMessage());
        if (!list.isBlank()) {
            assertTrue(e.getMessage().contains("'" + list + "'"), e.getMessage());
        }
    }

    @Test
    void readsTheAllowedListOfAStatusFile(@TempDir Path dir) throws IOException {
        Path status = dir.resolve("status");
        Files.writeString(status, "Name:\tjava\nCpus_allowed:\tf0f\nCpus_allowed_list:\t0-3,8-11\nMems_allowed:\t1\n");
        assertEquals(CpuSet.parse("0-3,8-11"), CpuSet.readAllowed(status));

        Files.writeString(status, "Name:\tjava\n");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> CpuSet.readAllowed(status));
        assertTrue(missing.getMessage().contains(status.toString()) && missing.getMessage().contains("Cpus_allowed_list"),
                missing.getMessage());

        Files.writeString(status, "Cpus_allowed_list:\tzero\n");
        IllegalArgumentException garbage = assertThrows(IllegalArgumentException.class,
                () -> CpuSet.readAllowed(status));
        assertTrue(garbage.getMessage().contains(status.toString()) && garbage.getMessage().contains("'zero'"),
                garbage.getMessage());
    }

    @Test
    void thisHostsListParses() throws IOException {
        if (Files.isReadable(CpuSet.PROC_SELF_STATUS)) {
            CpuSet allowed = CpuSet.readAllowed(CpuSet.PROC_SELF_STATUS);
            assertEquals(Runtime.getRuntime().availableProcessors(), allowed.size(),
                    "HotSpot's availableProcessors follows the affinity mask");
        }
    }
}
