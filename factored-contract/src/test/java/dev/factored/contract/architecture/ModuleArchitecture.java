package dev.factored.contract.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rules every module's {@code ArchitectureTest} checks on its own main code, kept once here (the contract's
 * test jar, which the modules' tests have): no package cycles, each package depending only on the packages of the
 * module its {@code package-info.java} names, and no source file over {@value #MAX_LINES} lines.
 * {@code ModuleArchitectureTest} shows that each rule fails on a fixture that breaks it.
 *
 * <p>A package-info states its direction in one sentence, {@code May depend on: {@code a.b}, {@code a.c}.}, naming
 * packages in full (a package of another module there is for the reader: Maven's module graph already keeps that
 * direction). A package without a package-info, or without the sentence, may depend on no other package of its
 * module. JMH's generated code ({@code jmh_generated}) is not the module's own and is left out.
 */
public final class ModuleArchitecture {

    /** Small files: a class that grows past this is doing more than one job. */
    public static final int MAX_LINES = 400;

    /** The module's main sources, from the module's directory (where Maven runs its tests). */
    public static final Path SOURCES = Path.of("src/main/java");

    private static final Pattern DIRECTION = Pattern.compile("May depend on:(.*?)\\.(?:\\s|$)", Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("[a-z][\\w]*(?:\\.[a-z][\\w]*)+");

    private ModuleArchitecture() {
    }

    /** This module's main classes: what Maven compiled to {@code target/classes}, and nothing from a jar. */
    public static JavaClasses mainClasses() {
        return classesIn(Path.of("target/classes"));
    }

    /** The classes compiled into {@code directory}, without JMH's generated ones; fails when there are none. */
    public static JavaClasses classesIn(Path directory) {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(location -> !location.contains("/jmh_generated/"))
                .importPath(directory);
        assertFalse(classes.isEmpty(), "no classes in " + directory.toAbsolutePath() + ": nothing would be checked");
        return classes;
    }

    /** No cycle between the packages (of this project: they all start with {@code dev.factored}). */
    public static ArchRule noPackageCycles() {
        return slices().matching("dev.factored.(**)").should().beFreeOfCycles();
    }

    /** Each class depends, of the checked classes' packages, only on its own and those its package-info names. */
    public static ArchRule directionAsDeclared(Path sources) {
        return classes().should(new DependOnlyAsDeclared(sources));
    }

    /** The sanitisers of untrusted text (factored-analysis), by name: the contract does not depend on them. */
    static final String UNTRUSTED = "dev.factored.text.Untrusted";

    /**
     * Untrusted text is escaped by the one builder that writes each output (the gate's {@code Markdown}, the console's
     * {@code dev.factored.text.ConsoleText}, the report's {@code Html}), so that no call site has an escape to forget:
     * no class of the module but {@code builders} (fully qualified names; none: no class at all) uses
     * {@value #UNTRUSTED}.
     */
    public static ArchRule escapingOnlyIn(String... builders) {
        Set<String> allowed = Set.of(builders);
        return noClasses().that(DescribedPredicate.describe("are not " + (allowed.isEmpty() ? "any class" : allowed),
                        (JavaClass c) -> !allowed.contains(c.getName())))
                .should().dependOnClassesThat().haveFullyQualifiedName(UNTRUSTED)
                .because("text is escaped by the builder that writes it (issue 42)");
    }

    /** Fails naming every {@code .java} file under {@code sources} of more than {@code maxLines} lines. */
    public static void assertNoFileOver(int maxLines, Path sources) {
        try (Stream<Path> files = Files.walk(sources)) {
            List<Path> java = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
            assertFalse(java.isEmpty(), "no source files under " + sources.toAbsolutePath());
            List<String> tooLong = java.stream().filter(f -> lines(f) > maxLines)
                    .map(f -> f + " (" + lines(f) + " lines)").toList();
            assertEquals(List.of(), tooLong, "over " + maxLines + " lines");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The packages {@code pkg}'s package-info under {@code sources} names after {@code May depend on:}; empty when it
     * has none.
     */
    public static Set<String> declaredDependencies(Path sources, String pkg) {
        Path info = sources.resolve(pkg.replace('.', '/')).resolve("package-info.java");
        Set<String> declared = new TreeSet<>();
        if (!Files.isRegularFile(info)) {
            return declared;
        }
        String text;
        try {
            text = Files.readString(info);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher sentence = DIRECTION.matcher(text.replaceAll("\\n\\s*\\*", " "));
        if (sentence.find()) {
            Matcher name = PACKAGE.matcher(sentence.group(1));
            while (name.find()) {
                declared.add(name.group());
            }
        }
        return declared;
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The condition of {@link #directionAsDeclared}: reads each package's package-info once. */
    private static final class DependOnlyAsDeclared extends ArchCondition<JavaClass> {

        private final Path sources;
        private final Map<String, Set<String>> declared = new HashMap<>();
        private Set<String> packages = Set.of();

        DependOnlyAsDeclared(Path sources) {
            super("depend only on the packages of the module their package-info names after 'May depend on:'");
            this.sources = sources;
        }

        @Override
        public void init(java.util.Collection<JavaClass> all) {
            Set<String> names = new TreeSet<>();
            all.forEach(c -> names.add(c.getPackageName()));
            packages = names;
        }

        @Override
        public void check(JavaClass item, ConditionEvents events) {
            String own = item.getPackageName();
            Set<String> allowed = declared.computeIfAbsent(own, p -> declaredDependencies(sources, p));
            for (Dependency d : item.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getBaseComponentType().getPackageName();
                if (!target.equals(own) && packages.contains(target) && !allowed.contains(target)) {
                    events.add(SimpleConditionEvent.violated(d, own + " may not depend on " + target
                            + " (its package-info names " + (allowed.isEmpty() ? "none" : allowed) + "): "
                            + d.getDescription()));
                }
            }
        }
    }
}
