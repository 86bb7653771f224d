package dev.factored.maven;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The adoption test (issue 10): a typical JMH benchmark of a plain RecursiveTask, kept as it was in
 * {@code src/it/no-rewrite-project/original/}, and the same benchmark adopted for factored, which the
 * {@code no-rewrite-project} IT builds and runs with the plugin. Adopting it may change at most 4 lines.
 */
class AdoptionTest {

    private static final Path IT = Path.of("src", "it", "no-rewrite-project");

    @Test
    void theAdoptedBenchmarkDiffersInAtMostFourLines() throws Exception {
        List<String> original = Files.readAllLines(IT.resolve("original/SumBenchmark.java"));
        List<String> adopted = Files.readAllLines(IT.resolve("src/main/java/it/norewrite/SumBenchmark.java"));
        int common = longestCommonSubsequence(original, adopted);
        int added = adopted.size() - common;
        int removed = original.size() - common;
        assertTrue(added <= 4 && removed <= 4, "adopting changed " + added + " lines of the benchmark (" + removed
                + " of the original's replaced or removed): more than 4");
        assertTrue(added >= 1, "the adopted form must differ from the original");
    }

    private static int longestCommonSubsequence(List<String> a, List<String> b) {
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        return lcs[0][0];
    }
}
