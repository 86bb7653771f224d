package dev.factored.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The expected readings were checked against JMH 1.37's own CommandLineOptions (jopt-simple 5.0.4) on the
 * same inputs: same option, same value, or an error where JMH errs or would silently misread.
 */
class JmhArgumentsTest {

    /** "name=value" for each option, in order. */
    private static List<String> read(String... elements) {
        return JmhArguments.parse(List.of(elements)).options().stream()
                .map(o -> o.name() + "=" + o.value()).collect(Collectors.toList());
    }

    private static String failure(String... elements) {
        return assertThrows(IllegalArgumentException.class, () -> JmhArguments.parse(List.of(elements)))
                .getMessage();
    }

    private static void assertContains(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), "expected «" + part + "» in: " + message);
        }
    }

    @Test
    void acceptsOptionsWithTheirValuesInEveryFormJmhTakes() {
        assertEquals(List.of("f=3"), read("-f", "3"));
        assertEquals(List.of("f=3"), read("-f3"));
        assertEquals(List.of("f=3"), read("-f=3"));
        assertEquals(List.of("f=3"), read("--f=3"));
        assertEquals(List.of("f=3"), read("--f", "3"));
        assertEquals(List.of("jvmArgsAppend=-Dx=1"), read("-jvmArgsAppend", "-Dx=1"));
        assertEquals(List.of("prof=gc"), read("-prof", "gc"));
        assertEquals(List.of("t=2"), read("-t", "2"));
        assertEquals(List.of("bm=avgt"), read("-bm", "avgt"));
        assertEquals(List.of("tu=us"), read("-tu", "us"));
        assertEquals(List.of("foe=true"), read("-foe", "true"));
        assertEquals(List.of("p=a=1,2"), read("-p", "a=1,2"));
        assertEquals(List.of("p=a=1"), read("-pa=1"));
        assertEquals(List.of("p=a=1"), read("-p=a=1"));
        assertEquals(List.of("e=A,B"), read("-e", "A,B"));
        assertEquals(List.of("jvmArgsPrepend=-Da -Db"), read("--jvmArgsPrepend=-Da -Db"));
        assertEquals(List.of("f=1", "wi=0", "w=1s", "i=5", "r=2s", "t=max", "p=size=10"),
                read("-f", "1", "-wi", "0", "-w1s", "-i", "5", "-r=2s", "-t", "max", "-p", "size=10"));
    }

    @Test
    void theArgumentsPassedToJmhAreTheElementsAsGiven() {
        List<String> elements = List.of("-f3", "-jvmArgsAppend", "-Dx=1", "-p", "a=1,2", "--tu=us");
        assertEquals(elements, JmhArguments.parse(elements).arguments());
    }

    @Test
    void aUniquePrefixNamesAnOptionAsInJmh() {
        assertEquals(List.of("foe=true"), read("-fo", "true"));
        assertEquals(List.of("gc=true"), read("-g", "true"));
        assertEquals(List.of("si=false"), read("-s", "false"));
        assertEquals(List.of("prof=gc"), read("-pr", "gc"));
        assertEquals(List.of("jvmArgsAppend=-Dx=1"), read("-jvmArgsA", "-Dx=1"));
        assertEquals(List.of("wbs=2"), read("-wb", "2"));
        assertEquals(List.of("opi=2"), read("-op", "2"));
        String ambiguous = failure("-jvmArg", "-Dx=1");
        assertContains(ambiguous, "'-jvmArg'", "abbreviates several: -jvmArgs, -jvmArgsAppend, -jvmArgsPrepend");
    }

    @Test
    void anOptionAndItsValueInOneElementAreSplitInTwo() {
        assertEquals(List.of("-f", "3"), JmhArguments.parse(List.of("-f 3")).arguments());
        assertEquals(List.of("-p", "a=1,2"), JmhArguments.parse(List.of("-p a=1,2")).arguments());
        assertEquals(List.of("-jvmArgsAppend", "-Xmx1g -Dx=1"),
                JmhArguments.parse(List.of("-jvmArgsAppend -Xmx1g -Dx=1")).arguments());
        assertEquals(List.of("p=a=1,2", "tu=us"), read("-p a=1,2", "-tu  us"));
        assertContains(failure("-f3 4"), "'-f3 4'", "give each argument as its own element");
        assertContains(failure("-tu -f"), "'-tu -f'", "what follows it, '-f', is an option");
    }

    @Test
    void aStrayPieceAfterAParamNamesItAndSaysWhatWasMeant() {
        String message = failure("-p", "threshold=1", "100");
        assertContains(message, "element 3 of 3, '100'", "neither a JMH option nor the value of the option before it",
                "jmhArguments as received: ['-p', 'threshold=1', '100']",
                "Maven splits a list parameter given as a property at every comma",
                "-Dfactored.params=\"threshold=1,100\"", "<params>",
                "Benchmark patterns do not belong in jmhArguments", "<includes>");
        assertContains(failure("-tu", "us", "-p", "threshold=1", "100", "1000", "-f", "1"),
                "element 5 of 8, '100'", "-Dfactored.params=\"threshold=1,100,1000\"");
        assertContains(failure("-p threshold=1", "100"), "element 2 of 2, '100'",
                "-Dfactored.params=\"threshold=1,100\"");
    }

    @Test
    void aBarePatternOrAnUnknownOptionIsAnError() {
        String pattern = failure("MergeSort", "-f", "1");
        assertContains(pattern, "element 1 of 3, 'MergeSort'", "['MergeSort', '-f', '1']", "Maven splits",
                "factored.params", "select benchmarks with <includes> or -Dfactored.includes");
        assertFalse(pattern.contains("looks like the rest of -p"), pattern);
        String unknown = failure("-f", "1", "-xyz");
        assertContains(unknown, "element 3 of 3, '-xyz'", "is not an option of JMH 1.37", "-jvmArgsAppend",
                "['-f', '1', '-xyz']", "Maven splits", "-Dfactored.params=");
        assertContains(failure("-bm", "avgt", "thrpt"), "element 3 of 3, 'thrpt'", "one <jmhArgument> per element");
        assertContains(failure("-f", "1", "--", "Sort"), "element 3 of 4, '--'", "benchmark patterns");
        assertContains(failure("-"), "element 1 of 1, '-'");
        assertContains(failure("--xyz=1"), "'--xyz=1'", "not an option");
    }

    @Test
    void anOptionWithoutItsValueIsAnError() {
        assertContains(failure("-tu", "us", "-f"), "element 3 of 3, '-f'", "needs a value, and no element follows");
        assertContains(failure("-f", "-wi", "3"), "element 1 of 3, '-f'", "what follows it, '-wi', is an option");
        assertContains(failure("-f="), "'-f='", "empty value");
        // Where a value may start with a dash, the next element is the value, as in JMH.
        assertEquals(List.of("jvmArgs=-f"), read("-jvmArgs", "-f"));
    }

    @Test
    void refusesClustersThatJmhReadsOtherThanTheyLook() {
        assertContains(failure("-wi3"), "'-wi3'", "read by JMH as -w with the value 'i3'", "not as -wi",
                "give -wi and its value as two elements");
        assertContains(failure("-gctrue"), "read by JMH as -g (short for -gc) with the value 'ctrue'");
        assertContains(failure("-to5s"), "read by JMH as -t with the value 'o5s'", "not as -to");
        assertContains(failure("-foe", "yes"), "gives -foe the value 'yes'", "true or false");
    }

    @Test
    void paramValuesMustNameAParam() {
        assertContains(failure("-p", "threshold"), "gives -p the value 'threshold'", "name=v1,v2");
        assertContains(failure("-p", " threshold=1"), "gives -p the value ' threshold=1'");
        assertContains(failure("-p", "threshold="), "gives -p the value 'threshold='");
        assertContains(failure("-p", "1x=2"), "gives -p the value '1x=2'");
    }

    @Test
    void refusesWhatTheGoalSetsItselfInAnyForm() {
        assertContains(failure("-rf", "csv"), "must not contain -rf", "target/factored/jmh-result.json");
        assertContains(failure("-rff=x.json"), "must not contain -rff");
        assertContains(failure("-o", "out.txt"), "must not contain -o", "jmh.log");
        assertContains(failure("-lp"), "must not contain -lp", "list");
        assertContains(failure("-l"), "must not contain -l:");
        assertContains(failure("-lprof"), "must not contain -lprof");
        assertContains(failure("-lr"), "must not contain -lrf");
        assertContains(failure("-hf3"), "must not contain -h");
        for (List<String> cores : List.of(List.of("-p", "cores=1,2"), List.of("-pcores=1"), List.of("-p=cores=1"),
                List.of("--p", "cores=1"), List.of("-p cores=1"))) {
            String message = assertThrows(IllegalArgumentException.class, () -> JmhArguments.parse(cores))
                    .getMessage();
            assertContains(message, "must not set -p cores", "<cores>", "-Dfactored.cores");
        }
    }

    @Test
    void knowsWhichOptionsAreSetAndTheParamsGivenWithP() {
        JmhArguments arguments = JmhArguments.parse(List.of("-f3", "-fo", "true", "-p", "a=1", "-psize=2"));
        assertTrue(arguments.sets("f"));
        assertTrue(arguments.sets("foe"));
        assertFalse(arguments.sets("wi"));
        assertEquals(List.of("a", "size"), arguments.params().stream()
                .map(o -> JmhArguments.paramName(o.value())).collect(Collectors.toList()));
        assertEquals(6, arguments.params().get(1).position());
        assertEquals(JmhArguments.NONE, JmhArguments.parse(List.of()));
    }

    @Test
    void theOptionTableIsJmh137s() {
        assertEquals(35, JmhArguments.OPTIONS.size());
        assertEquals(List.of("h", "l", "lp", "lprof", "lrf"), JmhArguments.OPTIONS.entrySet().stream()
                .filter(e -> e.getValue() == JmhArguments.Kind.FLAG).map(e -> e.getKey()).collect(Collectors.toList()));
    }
}
