package dev.factored.analysis;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analysis' packages depend one way (package-info of {@code dev.factored.analysis} says why in this order):
 * stats ← input ← model ← text ← the diagnosis's facts ← its words (the renderer) ← its rules ← computation and entry
 * points. A layer may use any layer below it.
 * Plain JUnit tests rather than ArchUnit's own engine, so that {@code -Dtest=ArchitectureTest} selects them too.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.factored.analysis", "dev.factored.text");

    private static final String STATS = "statistics";
    private static final String INPUT = "input";
    private static final String MODEL = "model";
    private static final String TEXT = "text";
    private static final String FACTS = "diagnosis facts";
    private static final String WORDS = "diagnosis words";
    private static final String DIAGNOSIS = "diagnosis rules";
    private static final String COMPUTATION = "computation and entry points";

    private static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.factored.(**)").should().beFreeOfCycles();

    private static final ArchRule ONE_DIRECTION = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer(STATS).definedBy("dev.factored.analysis.stats..")
            .layer(INPUT).definedBy("dev.factored.analysis.input..")
            .layer(MODEL).definedBy("dev.factored.analysis.model..")
            .layer(TEXT).definedBy("dev.factored.text..")
            .layer(FACTS).definedBy("dev.factored.analysis.diagnosis.facts..")
            .layer(WORDS).definedBy("dev.factored.analysis.diagnosis.words..")
            .layer(DIAGNOSIS).definedBy("dev.factored.analysis.diagnosis")
            .layer(COMPUTATION).definedBy("dev.factored.analysis")
            .whereLayer(COMPUTATION).mayNotBeAccessedByAnyLayer()
            .whereLayer(DIAGNOSIS).mayOnlyBeAccessedByLayers(COMPUTATION)
            .whereLayer(WORDS).mayOnlyBeAccessedByLayers(DIAGNOSIS, COMPUTATION)
            .whereLayer(FACTS).mayOnlyBeAccessedByLayers(WORDS, DIAGNOSIS, COMPUTATION)
            .whereLayer(TEXT).mayOnlyBeAccessedByLayers(FACTS, WORDS, DIAGNOSIS, COMPUTATION)
            .whereLayer(MODEL).mayOnlyBeAccessedByLayers(TEXT, FACTS, WORDS, DIAGNOSIS, COMPUTATION)
            .whereLayer(INPUT).mayOnlyBeAccessedByLayers(MODEL, TEXT, FACTS, WORDS, DIAGNOSIS, COMPUTATION)
            .whereLayer(STATS).mayOnlyBeAccessedByLayers(INPUT, MODEL, TEXT, FACTS, WORDS, DIAGNOSIS, COMPUTATION);

    @Test
    void noPackageCycles() {
        NO_PACKAGE_CYCLES.check(MAIN);
    }

    @Test
    void packagesDependOneWay() {
        ONE_DIRECTION.check(MAIN);
    }

    /** Small files: a class that grows past this is doing more than one job (the rule engine that was 625 lines). */
    private static final int MAX_LINES = 400;

    @Test
    void noSourceFileOverFourHundredLines() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            List<String> tooLong = files.filter(f -> f.toString().endsWith(".java")).filter(f -> lines(f) > MAX_LINES)
                    .map(f -> f + " (" + lines(f) + " lines)").sorted().toList();
            assertEquals(List.of(), tooLong, "over " + MAX_LINES + " lines");
        }
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
