package dev.factored.gate;

import static dev.factored.gate.Fixtures.analysis;
import static dev.factored.gate.Fixtures.est;
import static dev.factored.gate.Fixtures.family;
import static dev.factored.gate.Fixtures.samples;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.factored.analysis.model.Analysis;
import dev.factored.analysis.model.FamilyAnalysis;
import dev.factored.analysis.model.measurement.Environment;
import dev.factored.contract.CoresValue;
import dev.factored.contract.HostIdentity;
import dev.factored.gate.comparison.ComparisonResult;
import dev.factored.gate.terms.Compared;
import dev.factored.gate.terms.Status;
import dev.factored.gate.terms.Subject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

public class BaselineComparisonTest {

    static final GateConfig CONFIG = GateConfig.of(List.of());

    /** Tight samples (±1%, 3 forks × 5 iterations) of a family that scales reasonably. */
    public static Map<String, double[][]> tightRun(long seed) {
        return run(3, 5, 0.01, seed);
    }

    static Map<String, double[][]> run(int forks, int iterations, double noise, long seed) {
        Map<String, double[][]> m = new LinkedHashMap<>();
        m.put("baseline", samples(forks, iterations, 1.00e-3, noise, seed));
        m.put("elision", samples(forks, iterations, 1.10e-3, noise, seed + 1));
        m.put("1", samples(forks, iterations, 1.20e-3, noise, seed + 2));
        m.put("2", samples(forks, iterations, 0.62e-3, noise, seed + 3));
        m.put("4", samples(forks, iterations, 0.33e-3, noise, seed + 4));
        return m;
    }

    /** The same run with one configuration's samples multiplied by {@code factor}. */
    static Map<String, double[][]> scaled(Map<String, double[][]> run, String cores, double factor) {
        Map<String, double[][]> m = new LinkedHashMap<>(run);
        double[][] s = run.get(cores);
        double[][] t = new double[s.length][];
        for (int f = 0; f < s.length; f++) {
            t[f] = s[f].clone();
            for (int i = 0; i < t[f].length; i++) {
                t[f][i] *= factor;
            }
        }
        m.put(cores, t);
        return m;
    }

    static Analysis measured(String benchmark, Map<String, double[][]> run) {
        return analysis(family(benchmark).measured(run).build());
    }

    static Analysis measured(String benchmark, Map<String, double[][]> run, Consumer<Fixtures.FamilyBuilder> tweak) {
        Fixtures.FamilyBuilder b = family(benchmark).measured(run);
        tweak.accept(b);
        return analysis(b.build());
    }

    static ComparisonResult find(Verdict v, Compared compared, String cores) {
        return find(v.comparisons(), compared, cores);
    }

    static ComparisonResult find(List<ComparisonResult> comparisons, Compared compared, String cores) {
        return comparisons.stream().filter(c -> c.compared() == compared && java.util.Objects.equals(cores,
                Fixtures.cores(c.subject())))
                .findFirst().orElseThrow(() -> new AssertionError("no " + compared + " at " + cores + " in " + comparisons));
    }

    @Test
    void equalRunsDoNotFail() {
        Verdict same = Gate.check(measured("b.Sort.sort", tightRun(1)), measured("b.Sort.sort", tightRun(1)), CONFIG);
        assertTrue(same.passed(), same.failures().toString());
        // times of baseline, elision, 1, 2, 4 and speedups at 1, 2, 4
        assertEquals(8, same.comparisons().size(), same.comparisons().toString());
        for (ComparisonResult c : same.comparisons()) {
            assertTrue(c.status() == Status.PASS || c.status() == Status.SKIPPED, c.toString());
            assertEquals(ComparisonResult.Method.FORKS, c.method());
            assertEquals(1.0, c.ratio().value(), 1e-12);
            assertTrue(c.ratio().low() < 1 && c.ratio().high() > 1, "the interval shows the noise: " + c.ratio());
            assertTrue(c.reason().startsWith("change +0.0%"), c.reason());
        }
        Verdict again = Gate.check(measured("b.Sort.sort", tightRun(2)), measured("b.Sort.sort", tightRun(1)), CONFIG);
        assertTrue(again.passed(), again.failures().toString());
    }

    @Test
    void aClearSlowdownWithTightSamplesFails() {
        Map<String, double[][]> base = tightRun(1);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.2)), measured("b.Sort.sort", base), CONFIG);
        assertFalse(v.passed());
        ComparisonResult time = find(v, Compared.TIME, "4");
        assertEquals(Status.FAIL, time.status(), time.reason());
        assertEquals(1.2, time.ratio().value(), 1e-9);
        assertTrue(time.reason().startsWith("slower: +20.0% ["), time.reason());
        assertTrue(time.reason().contains("beyond the 10% tolerance (p "), time.reason());
        assertTrue(time.reason().contains("; worse at all: p "), time.reason());
        assertTrue(time.statistics().beyondToleranceP() <= 0.05, time.statistics().toString());
        assertTrue(time.reason().contains("after Holm over 6 checks"), time.reason());
        assertTrue(time.statistics().adjustedP() <= 0.05, time.statistics().toString());
        ComparisonResult speedup = find(v, Compared.ACTUAL_SPEEDUP, "4");
        assertEquals(Status.FAIL, speedup.status());
        assertEquals(1 / 1.2, speedup.ratio().value(), 1e-9);
        assertEquals(Status.PASS, find(v, Compared.TIME, "2").status());
        assertEquals(Status.PASS, find(v, Compared.ACTUAL_SPEEDUP, "2").status());
        assertEquals(2, v.count(Status.FAIL));
    }

    @Test
    void aSlowdownHiddenInNoiseIsInconclusiveNotFailed() {
        // ±60% per sample, 2 forks × 3 iterations: a 20% slowdown cannot be told from this noise.
        Map<String, double[][]> base = run(2, 3, 0.6, 7);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.2)), measured("b.Sort.sort", base), CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        ComparisonResult time = find(v, Compared.TIME, "4");
        assertEquals(Status.INCONCLUSIVE, time.status(), time.reason());
        assertTrue(time.reason().contains("its interval reaches beyond the 10% tolerance, so it can neither pass nor "
                + "fail"), time.reason());
        assertTrue(time.reason().contains("needs about "), time.reason());
        assertTrue(time.ratio().high() > 1.1, time.ratio().toString());
        assertFalse(Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.2)), measured("b.Sort.sort", base),
                CONFIG.withFailOnInconclusive(true)).passed(), "failOnInconclusive fails it");
        // the rows' resolution once, in a note: the range of what the checks detect and the forks to see 10 %
        List<ComparisonResult> judged = v.comparisons().stream().filter(c -> c.statistics() != null).toList();
        double widest = judged.stream().mapToDouble(c -> c.statistics().minimumDetectableChange()).max().orElseThrow();
        String note = v.notes().stream().filter(n -> n.startsWith("At the noise these runs measured")).findFirst()
                .orElseThrow(() -> new AssertionError(v.notes().toString()));
        assertTrue(note.contains("the " + judged.size() + " judged checks detect changes of "), note);
        assertTrue(note.contains(" to " + dev.factored.text.Numbers.percent(widest) + " (median "), note);
        assertTrue(note.contains("are inconclusive, their intervals reaching beyond the 10% tolerance. An unchanged "
                + "configuration would pass them 4 times in 5 with about "), note);
    }

    @Test
    void aChangeWithinTheToleranceIsNotFailed() {
        Map<String, double[][]> base = tightRun(1);
        Verdict v = Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.05)), measured("b.Sort.sort", base), CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        ComparisonResult time = find(v, Compared.TIME, "4");
        assertEquals(Status.PASS, time.status(), time.reason());
        assertTrue(time.reason().startsWith("change +5.0%"), time.reason());
        assertTrue(time.reason().contains("within the 10% tolerance (detects "), time.reason());
        // a tighter tolerance makes the same data fail
        assertFalse(Gate.check(measured("b.Sort.sort", scaled(base, "4", 1.05)), measured("b.Sort.sort", base),
                CONFIG.withTolerance(0.02)).passed());
    }

    @Test
    void speedupsAreHigherIsBetterAndTimesLowerIsBetter() {
        Map<String, double[][]> base = tightRun(1);
        // A faster sequential baseline is good for its time but lowers every speedup T_s / T_P.
        Verdict fasterBaseline = Gate.check(measured("b.Sort.sort", scaled(base, "baseline", 0.75)),
                measured("b.Sort.sort", base), CONFIG);
        ComparisonResult ts = find(fasterBaseline, Compared.TIME, "baseline");
        assertEquals(Status.SKIPPED, ts.status(), "sequential times are reported, not judged");
        assertTrue(ts.reason().startsWith("change -25.0%"), ts.reason());
        for (String p : List.of("1", "2", "4")) {
            ComparisonResult s = find(fasterBaseline, Compared.ACTUAL_SPEEDUP, p);
            assertEquals(Status.FAIL, s.status(), s.reason());
            assertTrue(s.reason().startsWith("lower speedup: -25.0%"), s.reason());
        }
        Verdict fasterParallel = Gate.check(measured("b.Sort.sort", scaled(base, "4", 0.8)),
                measured("b.Sort.sort", base), CONFIG);
        assertTrue(fasterParallel.passed(), fasterParallel.failures().toString());
        assertTrue(find(fasterParallel, Compared.TIME, "4").reason().startsWith("faster: -20.0%"));
        assertTrue(find(fasterParallel, Compared.ACTUAL_SPEEDUP, "4").reason().startsWith("higher speedup: +25.0%"));
    }

    @Test
    void newAndGoneFamiliesAreReportedAndFailOnlyWhenConfigured() {
        Map<String, double[][]> run = tightRun(1);
        Analysis baseline = analysis(family("b.A.run").measured(run).build(), family("b.Gone.run").measured(run).build(),
                family("b.A.run").mode("thrpt").measured(run).build());
        Analysis current = analysis(family("b.A.run").measured(run).build(), family("b.New.run").measured(run).build());

        Verdict v = Gate.check(current, baseline, CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        ComparisonResult added = v.comparisons().stream().filter(c -> c.subject().benchmark().equals("b.New.run")).findFirst().orElseThrow();
        assertEquals(Compared.PRESENCE, added.compared());
        assertEquals(Status.SKIPPED, added.status());
        assertTrue(added.reason().startsWith("new family"), added.reason());
        List<ComparisonResult> gone = v.comparisons().stream().filter(c -> c.reason().startsWith("gone")).toList();
        assertEquals(List.of("b.Gone.run", "b.A.run [thrpt]"), gone.stream().map(c -> c.subject().familyLabel()).toList(),
                "matched by benchmark, params and mode");
        gone.forEach(c -> assertEquals(Status.SKIPPED, c.status()));

        Verdict strict = Gate.check(current, baseline, CONFIG.withFailOnMissing(true));
        assertFalse(strict.passed());
        assertEquals(2, strict.count(Status.FAIL));
        assertTrue(strict.failures().get(0).contains("gone: in the baseline but not in the current run (failOnMissing is set)"),
                strict.failures().toString());
        assertEquals(Status.SKIPPED, strict.comparisons().stream().filter(c -> c.subject().benchmark().equals("b.New.run"))
                .findFirst().orElseThrow().status(), "a new family never fails");
    }

    @Test
    void aConfigurationGoneFromTheCurrentRunIsReported() {
        Map<String, double[][]> base = tightRun(1);
        Map<String, double[][]> without4 = new LinkedHashMap<>(base);
        without4.remove("4");
        Verdict v = Gate.check(measured("b.Sort.sort", without4), measured("b.Sort.sort", base), CONFIG);
        assertTrue(v.passed());
        ComparisonResult gone = find(v, Compared.PRESENCE, "4");
        assertEquals(Status.SKIPPED, gone.status());
        assertFalse(Gate.check(measured("b.Sort.sort", without4), measured("b.Sort.sort", base),
                CONFIG.withFailOnMissing(true)).passed());
    }

    @Test
    void aDifferentJvmIsRefusedUnlessAllowed() {
        Map<String, double[][]> run = tightRun(1);
        Analysis baseline = measured("b.Sort.sort", run);
        Analysis current = measured("b.Sort.sort", scaled(run, "4", 1.01),
                b -> b.environment(Fixtures.environment("21.0.1", "OpenJDK 64-Bit Server VM", "21.0.1+12")));

        Verdict refused = Gate.check(current, baseline, CONFIG);
        assertFalse(refused.passed());
        assertEquals(1, refused.comparisons().size(), "nothing is compared across environments");
        ComparisonResult env = refused.comparisons().get(0);
        assertEquals(Compared.ENVIRONMENT, env.compared());
        assertEquals(Status.FAIL, env.status());
        assertEquals("refused to compare with a baseline from a different environment: JDK version 17.0.9 (baseline) vs "
                + "21.0.1 (current); VM version 17.0.9+9 (baseline) vs 21.0.1+12 (current) "
                + "(set allowDifferentEnvironment to compare anyway: -Dfactored.allowDifferentEnvironment=true, or "
                + "--allowDifferentEnvironment on the command line)", env.reason());

        Verdict allowed = Gate.check(current, baseline, CONFIG.withAllowDifferentEnvironment(true));
        assertTrue(allowed.passed(), allowed.failures().toString());
        assertEquals(8, allowed.comparisons().size());
        assertTrue(allowed.notes().stream().anyMatch(n -> n.contains("JDK version 17.0.9 (baseline) vs 21.0.1 (current)")),
                allowed.notes().toString());
    }

    private static final HostIdentity EPYC = new HostIdentity("AMD EPYC 7763 64-Core Processor", 4, true, 1, 2, null,
            "Linux", "6.8.0", "amd64", "runner-1", "Eclipse Adoptium", "17.0.9+9", Map.of());
    private static final HostIdentity XEON = new HostIdentity("Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz", 4, true, 1,
            2, null, "Linux", "6.8.0", "amd64", "runner-2", "Eclipse Adoptium", "17.0.9+9", Map.of());

    /** The fixtures' JVM, recorded on {@code host}. */
    private static Environment on(HostIdentity host) {
        Environment jvm = Fixtures.defaultEnvironment();
        return new Environment(jvm.runtime(), jvm.threads(), jvm.forks(), jvm.warmupIterations(), jvm.warmupTime(),
                jvm.measurementIterations(), jvm.measurementTime(), null, host);
    }

    @Test
    void aMergedRunOfTwoHostClassesIsComparedHostByHostWithItsBaseline() {
        // The Xeon runners are half as fast: compared with the EPYC's baseline every time would be a regression.
        Map<String, double[][]> slower = new LinkedHashMap<>();
        tightRun(3).forEach((cores, samples) -> slower.put(cores, java.util.Arrays.stream(samples)
                .map(fork -> java.util.Arrays.stream(fork).map(t -> 2 * t).toArray()).toArray(double[][]::new)));
        Analysis baseline = Fixtures.analysis(
                family("b.Sort.sort").measured(tightRun(1)).environment(on(EPYC)).build(),
                family("b.Sort.sort").measured(slower).environment(on(XEON)).build());
        Analysis current = Fixtures.analysis(
                family("b.Sort.sort").measured(slower).environment(on(XEON)).build(),
                family("b.Sort.sort").measured(tightRun(1)).environment(on(EPYC)).build());
        Verdict v = Gate.check(current, baseline, CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        assertEquals(16, v.comparisons().size(), "both hosts' times and speedups, each with its own baseline");
        Analysis epycOnly = Fixtures.analysis(
                family("b.Sort.sort").measured(tightRun(1)).environment(on(EPYC)).build());
        Verdict newHost = Gate.check(current, epycOnly, CONFIG);
        assertTrue(newHost.passed(), newHost.failures().toString());
        assertTrue(newHost.comparisons().stream().anyMatch(c -> c.reason() != null
                && c.reason().startsWith("new family")), "the Xeon's family has no baseline of its host: new");
    }

    @Test
    void aBaselineFromAnotherHostClassIsRefusedNamingBoth() {
        Map<String, double[][]> run = tightRun(1);
        Analysis baseline = measured("b.Sort.sort", run, b -> b.environment(on(EPYC)));
        Analysis current = measured("b.Sort.sort", run, b -> b.environment(on(XEON)));
        Verdict v = Gate.check(current, baseline, CONFIG);
        assertFalse(v.passed());
        assertEquals(1, v.comparisons().size(), "nothing is compared across hosts");
        String reason = v.comparisons().get(0).reason();
        assertTrue(reason.contains(": CPU model " + EPYC.cpuModel() + " (baseline) vs " + XEON.cpuModel() + " (current) ("),
                "the field that differs, and nothing else: " + reason);
        HostIdentity twin = new HostIdentity(EPYC.cpuModel(), 4, true, 1, 2, null, "Linux", "6.8.1", "amd64", "runner-9",
                "Eclipse Adoptium", "17.0.9+9", Map.of("pin", "true"));
        assertTrue(Gate.check(measured("b.Sort.sort", run, b -> b.environment(on(twin))), baseline, CONFIG)
                .passed(), "another runner of the same class is compared");
        HostIdentity recorded = twin.withTopology("4 hardware threads on 2 physical cores, 1 socket, 1 NUMA node");
        assertTrue(Gate.check(measured("b.Sort.sort", run, b -> b.environment(on(recorded))), baseline, CONFIG)
                .passed(), "a baseline recorded before the topology was is compared without it");
        HostIdentity smaller = EPYC.withTopology("4 hardware threads on 4 physical cores, 1 socket, 1 NUMA node");
        Analysis recordedBaseline = measured("b.Sort.sort", run, b -> b.environment(on(smaller)));
        assertFalse(Gate.check(measured("b.Sort.sort", run, b -> b.environment(on(recorded))), recordedBaseline,
                CONFIG).passed(), "both recorded and different: another host class");
    }

    @Test
    void differentCpuCountsAreRefused() {
        Map<String, double[][]> run = tightRun(1);
        Analysis baseline = measured("b.Sort.sort", run, b -> b.cpus("4", 4));
        Analysis current = measured("b.Sort.sort", run, b -> b.cpus("4", 2));
        Verdict v = Gate.check(current, baseline, CONFIG);
        assertFalse(v.passed());
        assertTrue(v.comparisons().get(0).reason().contains("CPUs of the cores=4 forks 4 (baseline) vs 2 (current)"),
                v.comparisons().get(0).reason());
        assertTrue(Gate.check(current, baseline, CONFIG.withAllowDifferentEnvironment(true)).passed());
    }

    /** Three families of one run, each recorded on {@code host}. */
    private static Analysis threeFamilies(Map<String, double[][]> run, HostIdentity host) {
        return Fixtures.analysis(family("b.Sort.sort").measured(run).environment(on(host)).build(),
                family("b.Fib.fib").measured(run).environment(on(host)).build(),
                family("b.Sum.sum").measured(run).environment(on(host)).build());
    }

    /** EPYC as a file written before the count was read from the machine: the first fork's pinning gave 1 CPU. */
    private static final HostIdentity EPYC_PINNED_COUNT = new HostIdentity(EPYC.cpuModel(), 1, false, 1, 2,
            "2 hardware threads on 2 physical cores, 1 socket, 1 NUMA node", "Linux", "6.8.0", "amd64", "runner-1",
            "Eclipse Adoptium", "17.0.9+9", Map.of());

    @Test
    void aBaselineOfTheSameMachineIsComparedWhateverCountItsFirstForkGaveAndWhicheverJvmRanJmh() {
        Map<String, double[][]> run = tightRun(1);
        HostIdentity now = EPYC_PINNED_COUNT.withCpuCount(2);
        Verdict v = Gate.check(threeFamilies(run, now), threeFamilies(run, EPYC_PINNED_COUNT), CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        assertTrue(v.comparisons().stream().noneMatch(c -> c.compared() == Compared.ENVIRONMENT), v.toString());
        assertEquals(3 * 8, v.comparisons().size(), "every family compared with its own baseline");

        HostIdentity otherHostJvm = new HostIdentity(now.cpuModel(), 2, true, 1, 2, now.topology(), "Linux", "6.9.2",
                "amd64", "runner-7", "Azul Systems, Inc.", "21.0.5+11", Map.of("pin", "true"));
        Verdict jvm = Gate.check(threeFamilies(run, otherHostJvm), threeFamilies(run, now), CONFIG);
        assertTrue(jvm.passed(), "the JVM that ran JMH, the kernel and the name are not what the forks measured: "
                + jvm.failures());
    }

    @Test
    void aBaselineOfRunsRecordedWithThePinnedCountIsOneHistoryOfTheSameMachine() {
        Map<String, double[][]> run = tightRun(1);
        // two runs of the same machine written before: their counts followed their first forks' pinning
        Analysis oneFirst = threeFamilies(run, EPYC_PINNED_COUNT);
        Analysis twoFirst = threeFamilies(tightRun(2), new HostIdentity(EPYC.cpuModel(), 2, false, 1, 2,
                EPYC_PINNED_COUNT.topology(), "Linux", "6.8.0", "amd64", "runner-1", "Eclipse Adoptium", "17.0.9+9",
                Map.of()));
        Verdict v = Gate.checkRuns(threeFamilies(tightRun(3), EPYC_PINNED_COUNT.withCpuCount(2)),
                List.of(oneFirst, twoFirst), CONFIG);
        assertTrue(v.passed(), v.failures().toString());
        assertTrue(v.notes().stream().anyMatch(n -> n.startsWith("The baseline holds 2 runs")), v.notes().toString());
        assertTrue(v.comparisons().stream().noneMatch(c -> c.reason() != null && c.reason().startsWith("gone")),
                "one history per family, not one per count: " + v.comparisons());
        assertEquals(3 * 8, v.comparisons().size());
    }

    @Test
    void aBaselineOfAnotherMachineIsRefusedOnceForTheRunNamingTheField() {
        Map<String, double[][]> run = tightRun(1);
        HostIdentity four = EPYC.withTopology("4 hardware threads on 4 physical cores, 1 socket, 1 NUMA node");
        HostIdentity eight = new HostIdentity(EPYC.cpuModel(), 8, true, 1, 8,
                "8 hardware threads on 8 physical cores, 1 socket, 1 NUMA node", "Linux", "6.8.0", "amd64", "runner-1",
                "Eclipse Adoptium", "17.0.9+9", Map.of());
        Verdict v = Gate.check(threeFamilies(run, eight), threeFamilies(run, four), CONFIG);
        assertFalse(v.passed());
        assertEquals(1, v.comparisons().size(), "one refusal for the run, nothing compared: " + v.comparisons());
        ComparisonResult refusal = v.comparisons().get(0);
        assertEquals(Compared.ENVIRONMENT, refusal.compared());
        assertEquals(null, refusal.subject(), "the run's, not a family's");
        assertEquals("refused to compare with a baseline from a different environment (all 3 families): CPUs the run "
                + "may use 4 (baseline) vs 8 (current); CPU topology 4 hardware threads on 4 physical cores, 1 socket, "
                + "1 NUMA node (baseline) vs 8 hardware threads on 8 physical cores, 1 socket, 1 NUMA node (current) "
                + "(set allowDifferentEnvironment to compare anyway: -Dfactored.allowDifferentEnvironment=true, or "
                + "--allowDifferentEnvironment on the command line)", refusal.reason());
        assertEquals(1, v.failures().size(), v.failures().toString());
        assertTrue(v.failures().get(0).startsWith("(the run): environment: refused"), v.failures().get(0));

        HostIdentity xeon = XEON.withTopology(four.topology());
        Verdict model = Gate.check(threeFamilies(run, xeon), threeFamilies(run, four), CONFIG);
        assertEquals(1, model.comparisons().size(), model.comparisons().toString());
        assertTrue(model.comparisons().get(0).reason().contains("(all 3 families): CPU model " + EPYC.cpuModel()
                + " (baseline) vs " + XEON.cpuModel() + " (current) ("), model.comparisons().get(0).reason());
    }

    @Test
    void withoutRawSamplesNothingIsCompared() {
        Analysis baseline = analysis(family("b.Old.run").oneCore(est(1.00e-3, 0.99e-3, 1.01e-3)).build());
        Analysis current = measured("b.Old.run", tightRun(1));
        Verdict v = Gate.check(current, baseline, CONFIG);
        assertEquals(1, v.comparisons().size());
        assertEquals(Status.SKIPPED, v.comparisons().get(0).status());
        assertEquals("nothing to compare: the baseline stores no raw samples", v.comparisons().get(0).reason());
    }

    @Test
    void theVerdictIsReproducible() {
        Map<String, double[][]> base = run(2, 4, 0.2, 3);
        Analysis current = measured("b.Sort.sort", scaled(base, "2", 1.15));
        Analysis baseline = measured("b.Sort.sort", base);
        assertEquals(Gate.check(current, baseline, CONFIG), Gate.check(current, baseline, CONFIG));
    }

    @Test
    void subjectsNameFamiliesAsTheAnalysisDoes() {
        FamilyAnalysis f = family("b.Sort.sort").param("size", "1000").param("kind", "random").build();
        assertEquals("b.Sort.sort(size=1000, kind=random)", Subject.of(f, CoresValue.workers(2)).family());
        assertEquals(f.id().name(), Subject.of(f, null).family());
        assertEquals(f.id(), Subject.of(f, null).id());
        FamilyAnalysis plain = family("b.Sort.sort").build();
        assertEquals(plain.id().name(), Subject.of(plain, null).family());
    }
}
