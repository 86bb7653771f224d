package dev.factored.run.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.run.settings.PomSpelling;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * JMH's own CommandLineOptions reads the arguments; these tests pin what the run adds: the refusals where JMH would
 * silently do something else than asked, and the messages that say what to do.
 */
class JmhArgumentsTest {

    private static JmhArguments read(String... elements) {
        return JmhArguments.parse(List.of(elements), PomSpelling.INSTANCE);
    }

    private static String failure(String... elements) {
        return assertThrows(IllegalArgumentException.class, () -> JmhArguments.parse(List.of(elements), PomSpelling.INSTANCE))
                .getMessage();
    }

    private static void assertContains(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), "expected «" + part + "» in: " + message);
        }
    }

    @Test
    void acceptsOptionsWithTheirValuesInEveryFormJmhTakes() {
        for (JmhArguments forks : List.of(read("-f", "3"), read("-f3"), read("-f=3"), read("--f=3"), read("--f", "3"))) {
            assertEquals(3, forks.options().getForkCount().get());
            assertTrue(forks.setsTiming("-f"));
        }
        assertEquals(List.of("-Dx=1"), List.copyOf(read("-jvmArgsAppend", "-Dx=1").options().getJvmArgsAppend().get()));
        assertEquals(2, read("-opi", "2").options().getOperationsPerInvocation().get());
        assertEquals(List.of("1", "2"), List.copyOf(read("-p", "a=1,2").options().getParameter("a").get()));
        assertEquals(List.of("a"), read("-pa=1").params());
        assertEquals(List.of("a"), read("-p=a=1").params());
        JmhArguments many = read("-f", "1", "-wi", "0", "-w1s", "-i", "5", "-r=2s", "-t", "1", "-p", "size=10");
        assertEquals(0, many.options().getWarmupIterations().get());
        assertEquals(TimeValue.seconds(2), many.options().getMeasurementTime().get());
        assertEquals(List.of("size"), many.params());
    }

    @Test
    void theArgumentsPassedToJmhAreTheElementsAsGiven() {
        List<String> elements = List.of("-f3", "-jvmArgsAppend", "-Dx=1 -Dy=2", "-p", "a=1,2", "--tu=us");
        assertEquals(elements, JmhArguments.parse(elements, PomSpelling.INSTANCE).arguments());
    }

    @Test
    void aUniquePrefixNamesAnOptionAsInJmh() {
        assertTrue(read("-fo", "true").options().shouldFailOnError().get());
        assertTrue(read("-jvmArgsA", "-Dx=1").options().getJvmArgsAppend().hasValue());
        assertEquals(List.of(), read("-pr", "gc").params(), "-pr is -prof, not -p r");
        assertContains(failure("-jvmArg", "-Dx=1"), "JMH cannot read them", "'-jvmArg'");
    }

    @Test
    void anOptionAndItsValueInOneElementAreSplitInTwo() {
        assertEquals(List.of("-f", "3"), read("-f 3").arguments());
        assertEquals(List.of("-p", "a=1,2"), read("-p a=1,2").arguments());
        assertEquals(List.of("-jvmArgsAppend", "-Xmx1g -Dx=1"), read("-jvmArgsAppend -Xmx1g -Dx=1").arguments());
        assertEquals(List.of("a"), read("-p a=1,2", "-tu  us").params());
        assertContains(failure("-f3 4"), "'-f3 4'", "JMH cannot read them");
        assertContains(failure("-tu -f"), "JMH cannot read them", "-f");
    }

    @Test
    void aStrayPieceAfterAParamNamesItAndSaysWhatWasMeant() {
        String message = failure("-p", "threshold=1", "100");
        assertContains(message, "'100' is neither a JMH option nor the value of the option before it",
                "jmhArguments as received: ['-p', 'threshold=1', '100']",
                "Maven splits a list parameter given as a property at every comma",
                "-Dfactored.params=\"threshold=1,100\"", "<params>",
                "Benchmark patterns do not belong in jmhArguments", "<includes>");
        assertContains(failure("-tu", "us", "-p", "threshold=1", "100", "1000", "-f", "1"),
                "'100'", "-Dfactored.params=\"threshold=1,100,1000\"");
        assertContains(failure("-p threshold=1", "100"), "'100'", "-Dfactored.params=\"threshold=1,100\"");
    }

    @Test
    void aBarePatternOrAnUnknownOptionIsAnError() {
        String pattern = failure("MergeSort", "-f", "1");
        assertContains(pattern, "'MergeSort' is neither", "['MergeSort', '-f', '1']", "Maven splits",
                "factored.params", "select benchmarks with <includes> or -Dfactored.includes");
        assertFalse(pattern.contains("looks like the rest of -p"), pattern);
        assertContains(failure("-f", "1", "-xyz"), "JMH cannot read them", "['-f', '1', '-xyz']", "Maven splits");
        assertContains(failure("-bm", "avgt", "thrpt"), "'thrpt' is neither", "one <jmhArgument> per element");
        assertContains(failure("-f", "1", "--", "Sort"), "'Sort' is neither");
        assertContains(failure("--xyz=1"), "'--xyz=1'", "JMH cannot read them");
    }

    @Test
    void anOptionWithoutItsValueIsAnError() {
        assertContains(failure("-tu", "us", "-wi"), "JMH cannot read them", "wi");
        assertContains(failure("-wi="), "JMH cannot read them");
        // Where a value may start with a dash, the next element is the value, as in JMH.
        assertEquals(List.of("-f"), List.copyOf(read("-jvmArgs", "-f").options().getJvmArgs().get()));
    }

    @Test
    void refusesWhatJmhReadsOtherThanItLooks() {
        assertContains(failure("-wi3"), "JMH cannot read them", "'-wi3'");
        assertContains(failure("-gctrue"), "JMH reads -gc as false here, but no argument says false");
        assertContains(failure("-foe", "yes"), "JMH reads -foe as false here", "-foe true or -foe false");
        assertFalse(read("-foe", "false").options().shouldFailOnError().get());
        assertContains(failure("-to5s"), "JMH cannot read them");
    }

    @Test
    void paramValuesMustNameAParam() {
        assertContains(failure("-p", "threshold"), "JMH cannot read them", "threshold");
        assertContains(failure("-p", " threshold=1"), "give -p the value ' threshold=…'");
        assertContains(failure("-p", "threshold="), "-p threshold= gives no values");
        assertContains(failure("-p", "1x=2"), "give -p the value '1x=…'");
    }

    @Test
    void refusesWhatTheRunSetsItselfInAnyForm() {
        assertContains(failure("-rf", "csv"), "must not contain -rf", "jmh-result.json");
        assertContains(failure("-rff=x.json"), "must not contain -rff");
        assertContains(failure("-o", "out.txt"), "must not contain -o", "jmh.log");
        assertContains(failure("-lp"), "must not contain -l or -lp", "list");
        assertContains(failure("-l"), "must not contain -l or -lp");
        assertContains(failure("-lprof"), "must not contain -h, -lprof or -lrf");
        assertContains(failure("-h"), "must not contain -h, -lprof or -lrf");
        for (List<String> cores : List.of(List.of("-p", "cores=1,2"), List.of("-pcores=1"), List.of("-p=cores=1"),
                List.of("--p", "cores=1"), List.of("-p cores=1"))) {
            String message = assertThrows(IllegalArgumentException.class, () -> JmhArguments.parse(cores, PomSpelling.INSTANCE))
                    .getMessage();
            assertContains(message, "must not set -p cores", "<cores>", "-Dfactored.cores");
        }
    }

    @Test
    void knowsWhichTimingOptionsAreSetAndTheParamsGivenWithP() {
        JmhArguments arguments = read("-f3", "-fo", "true", "-p", "a=1", "-psize=2");
        assertTrue(arguments.setsTiming("-f"));
        assertFalse(arguments.setsTiming("-wi"));
        assertFalse(arguments.setsTiming("-w"), "-wbs is not -w");
        assertEquals(List.of("a", "size"), arguments.params());
        assertEquals(List.of(), read().params());
    }

    @Test
    void threadsOtherThanOneAndNoForksEachGetOneClearMessage() {
        assertEquals(1, read("-t", "1").options().getThreads().get());
        for (String threads : List.of("4", "max")) {
            String message = failure("-t", threads);
            assertContains(message, "give -t " + threads + ": several benchmark threads", "leave -t out");
            assertFalse(message.contains("cores.invoke"), "no advice to rewrite the code: " + message);
        }
        String forks = failure("-f", "0");
        assertContains(forks, "give -f 0: without forks JMH runs the benchmarks inside its own JVM",
                "give 1 or more forks");
        assertFalse(forks.contains("cores.invoke"), forks);
    }
}
