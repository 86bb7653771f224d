// The plain-JMH path for real: target/benchmarks.jar (built by this IT's package) runs with java -jar, with the
// profiler and without it; then THIS build's factored-cli jar (cliJar, from the outer build) reports and checks the
// result. Every java -jar must exit 0; when one does not, its stderr and the end of its stdout are printed.
import groovy.json.JsonSlurper
import java.util.concurrent.TimeUnit
import java.util.zip.ZipFile

// The task API, a pool made in @Setup, a task invoked from outside a pool, a parallel stream.
List<String> METHODS = ['sumOfSquares', 'existingPool', 'outsidePool', 'parallelStream']

File java = new File(javaHome, 'bin/java')
File cli = new File(cliJar)
File benchmarks = new File(basedir, 'target/benchmarks.jar')
File work = new File(basedir, 'target/plain-run')
work.mkdirs()
assert cli.isFile() : "the factored-cli jar of this build is missing: ${cli}"
assert benchmarks.isFile() : "the benchmarks uber-jar was not built: ${benchmarks}"

// The CLI jar is the shaded one of this build: it has the run and topology commands.
new ZipFile(cli).withCloseable { zip ->
    assert zip.getEntry('dev/factored/cli/RunCommand.class') != null : "${cli} is not this build's CLI jar"
    assert zip.getEntry('dev/factored/jmh/TopologyMain.class') != null : "${cli} lacks the topology reader"
}

/** Runs a command in work/, its output in work/<name>.out and .err; fails loudly on a non-zero exit. */
def run = { String name, List<String> command, int expected = 0 ->
    File out = new File(work, name + '.out')
    File err = new File(work, name + '.err')
    println "[plain-jmh] ${name}: ${command.join(' ')}"
    long start = System.nanoTime()
    Process p = new ProcessBuilder(command).directory(work).redirectOutput(out).redirectError(err).start()
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly()
        throw new AssertionError("${name} did not end within 10 minutes:\n${err.text}\n${out.text.takeRight(4000)}")
    }
    int code = p.exitValue()
    println "[plain-jmh] ${name}: exit ${code} after ${(System.nanoTime() - start).intdiv(1000000)} ms"
    if (code != expected) {
        throw new AssertionError("${name} exited ${code}, expected ${expected}: ${command.join(' ')}\n--- stderr ---\n"
                + err.getText('UTF-8') + "\n--- stdout (end) ---\n" + out.getText('UTF-8').takeRight(6000))
    }
    [out: out.getText('UTF-8'), err: err.getText('UTF-8')]
}

// 1. The benchmarks with the profiler, as the adopting guide says (no Maven here). Two configurations and the
//    baseline, one short fork each without warm-up: enough for the analysis' points, not for good numbers.
def profiled = run('jmh-profiled', [java.path, '-Djmh.ignoreLock=true', '-jar', benchmarks.path,
        '-prof', 'dev.factored.jmh.FactoredProfiler:activity=activity', '-p', 'cores=baseline,1,2',
        '-f', '1', '-wi', '0', '-i', '2', '-r', '50ms', '-foe', 'true',
        '-rf', 'json', '-rff', 'jmh-result.json'])
File result = new File(work, 'jmh-result.json')
assert result.isFile() : "JMH wrote no JSON:\n${profiled.out.takeRight(4000)}"
def entries = new JsonSlurper().parse(result)
assert entries.size() == 12 : "4 benchmarks x 3 configurations, found ${entries.size()}"
assert entries.every { e -> e.secondaryMetrics.keySet().any { it.startsWith('factored.') } } : 'the profiler measured every fork'
assert new File(work, 'activity/host.properties').isFile() : 'activity=activity: host.properties beside the JSON'

// 2. The report with the CLI jar.
def report = run('cli-report', [java.path, '-jar', cli.path, 'report', 'jmh-result.json',
        '--analysis', 'factored/analysis.json', '--output', 'report'])
File index = new File(work, 'report/index.html')
assert index.isFile() : "no report page:\n${report.err}"
String html = index.getText('UTF-8')
assert METHODS.every { html.contains(it) } : 'the report names the benchmarks'
def analysis = new JsonSlurper().parse(new File(work, 'factored/analysis.json'))
for (String method : METHODS) {
    def family = analysis.families.find { it.benchmark == "it.plainjmh.SumBenchmark.${method}" }
    assert family != null : "no family for ${method} in ${analysis.families*.benchmark}"
    assert family.baselineTime != null && family.baselineTime.value > 0 : "${method}: no baselineTime"
    assert family.points*.cores.containsAll([1, 2]) : "${method}: points ${family.points*.cores}, expected P = 1 and 2"
    family.points.each { assert it.time != null && it.time.value > 0 : "${method}: P = ${it.cores} has no time" }
}

// 3. The gate with the CLI jar (no rule: passes, and summary.md still carries the speedups).
def check = run('cli-check', [java.path, '-jar', cli.path, 'check', '--analysis', 'factored/analysis.json',
        '--outputDirectory', 'factored'])
assert check.err.contains('check passed') : check.err
for (String name : ['check.json', 'summary.md', 'bencher.json', 'github-action-benchmark.json']) {
    assert new File(work, "factored/${name}").isFile() : "check wrote no ${name}"
}
String summary = new File(work, 'factored/summary.md').getText('UTF-8')
assert summary.contains('| family | largest valid P | actual speedup there | biggest loss | headline |') : summary
// P = 2, unless other processes took its CPUs throughout (a busy CI runner): then it is not valid, and the run says so
assert summary.readLines().any { it.startsWith('|') && it.contains('sumOfSquares') && it.contains('| 2 |') }
        || summary.contains('The machine was busy') : "the headline row of sumOfSquares at P = 2:\n${summary}"

// 4. factored topology from the jar: the profiler's topology classes run without JMH on the classpath.
def topology = run('cli-topology', [java.path, '-jar', cli.path, 'topology'])
assert topology.out.contains('Pinning order (topology): ') : topology.out

// 5. Adoption breaks nothing: the same jar WITHOUT the profiler still runs (Cores.forkJoinPool() and cores.invoke
//    as the code did before), says once per fork that nothing is measured, and reports no factored metric.
def plain = run('jmh-plain', [java.path, '-Djmh.ignoreLock=true', '-jar', benchmarks.path, '-p', 'cores=baseline,2',
        '-f', '1', '-wi', '0', '-i', '1', '-r', '50ms', '-foe', 'true',
        '-rf', 'json', '-rff', 'plain-result.json'])
def plainEntries = new JsonSlurper().parse(new File(work, 'plain-result.json'))
assert plainEntries.size() == 8 : "4 benchmarks x 2 configurations, found ${plainEntries.size()}"
assert plainEntries.every { e -> !e.secondaryMetrics.keySet().any { it.startsWith('factored.') } } : 'no profiler, no factored metrics'
int said = (plain.out + plain.err).split(java.util.regex.Pattern.quote('[factored] nothing is measured in this JVM'), -1).length - 1
assert said == 8 : "once per fork (8 forks), said ${said} times:\n${plain.out.takeRight(4000)}"
// 6. factored run: the uber-jar's benchmarks in rounds with the profiler, the configurations from this machine's
//    topology, then analysis, report and check under --output, as the Maven goals write them. Short timings: the
//    numbers are not the point, the files and the console are.
def factored = run('cli-run', [java.path, '-jar', cli.path, 'run', benchmarks.path, '--output', 'run',
        '--preset', 'quick', '--warmupIterations', '1', '--measurementIterations', '2', '--warmupTime', '50ms',
        '--measurementTime', '50ms', '--budget', '5s', '--hostJvmArgument=-Djmh.ignoreLock=true'])
for (String name : ['jmh-result.json', 'analysis.json', 'jmh.log', 'check.json', 'summary.md', 'report/index.html']) {
    assert new File(work, "run/${name}").isFile() : "factored run wrote no ${name}:\n${factored.err}"
}
def runAnalysis = new JsonSlurper().parse(new File(work, 'run/analysis.json'))
for (String method : METHODS) {
    def family = runAnalysis.families.find { it.benchmark == "it.plainjmh.SumBenchmark.${method}" }
    assert family != null : "factored run: no family for ${method} in ${runAnalysis.families*.benchmark}"
    assert family.points*.cores.containsAll([1, 2]) : "${method}: points ${family.points*.cores}, expected P = 1 and 2"
}
// Every fork that ran feeds the analysis: the JSON holds no elision or span entry of unmodified code (the analysis
// would drop it), and one line says what was not run.
def runEntries = new JsonSlurper().parse(new File(work, 'run/jmh-result.json'))
def dropped = runEntries.findAll { e -> e.params.cores in ['elision', 'span']
        && (e.secondaryMetrics['factored.estimated']?.score ?: 0) > 0 }
assert dropped.isEmpty() : "forks ran that the analysis drops: ${dropped.collect { it.benchmark + ' ' + it.params.cores }}"
assert factored.err.contains('elision and span fork(s) of unmodified fork/join code') : factored.err
// One progress line per fork, and no fork started that the analysis drops: the baseline forks show that these
// baselines return the sequential code directly (no cores.baseline(copy -> ...)), so no bandwidth fork starts, and
// the one line that says what was skipped names them. Every fork started is in the JSON but those a further round
// replaced for being disturbed (a busy machine's, by design: replaced, not averaged in).
List<String> progress = factored.err.readLines().findAll { it.contains('% done') }
int forks = progress.size()
int measured = runEntries.sum { it.primaryMetric.rawData.size() }
int replacing = factored.err.readLines().sum { l -> def m = l =~ /(\d+) replacing disturbed forks/; m ? m[0][1] as int : 0 } ?: 0
List<String> unmodifiedMethods = ['existingPool', 'outsidePool', 'parallelStream']
// Unmodified fork/join code cannot run in turn: its turn's one fork refuses it and its members run apart, said once
// each, as the code's nature and not as a failure.
int setApart = factored.err.readLines().count { it.contains('they are measured in forks of their own from now on') }
assert factored.err.readLines().any { it.contains(' is unmodified fork/join code, whose pool is sized once per JVM') } :
        factored.err
assert !factored.err.readLines().any { l -> l.contains('(a member failed)') && unmodifiedMethods.any { l.contains("SumBenchmark.${it} ") } } :
        factored.err
assert measured <= forks && forks <= measured + replacing + setApart :
        "one progress line per fork, each in the JSON, replaced or a turn set apart: ${forks} lines, ${measured} forks in the JSON, ${replacing} replacing, ${setApart} turns set apart"
List<String> droppedForks = progress.findAll { it.contains('cores=bandwidth') || unmodifiedMethods.any { m ->
        it.contains("SumBenchmark.${m} cores=elision") || it.contains("SumBenchmark.${m} cores=span") } }
assert droppedForks.isEmpty() : "forks started that the analysis drops:\n${droppedForks.join('\n')}"
assert !runEntries.any { it.params.cores.startsWith('bandwidth') } : 'no bandwidth fork of a one-copy baseline'
List<String> skippedLines = factored.err.readLines().findAll { it.contains('skipped ') && it.contains('fork(s)') }
assert skippedLines.size() == 1 : "one line says what was skipped:\n${factored.err}"
assert skippedLines[0].contains('bandwidth fork(s) whose baseline branch runs one copy') : skippedLines[0]
assert skippedLines[0].contains('SumBenchmark.sumOfSquares') : skippedLines[0]
// The budget (5 s, less than the planned rounds take) bounded the further rounds, and the log says why they ended.
assert factored.err =~ /no further rounds: (every target is met|the budget is spent|no further fork can narrow|the budget left \([0-9:]+\) holds one second fork)/ : factored.err
assert factored.err.readLines().size() < 3 * forks : "the console stays under 3 lines per fork:\n${factored.err}"
assert factored.err.contains('check passed') : factored.err
assert !factored.err.contains('# Warmup Iteration') : "JMH's own output goes to jmh.log, not the console"

// 7. The same suite through the Maven goal (run by this IT's build, before this script) and through `factored run`
//    (step 6) must agree on what does not depend on timing: the families, the configurations measured (so the forks
//    started: the goal runs no further rounds, which add forks but never a configuration), and which P are valid, a
//    P that other processes' load made not valid aside (a busy machine is the moment's, not the suite's), and where the
//    idle time comes from (measured by the task API, estimated for unmodified code: the code decides). Verdicts
//    rest on timings, which move between two runs on a shared 2-CPU machine: a headline kind is compared only where
//    both runs give a verdict (good scaling, slower than baseline, superlinear: the speedup's interval clear of the
//    kind's threshold); where either run's interval straddles it, the headline gives a range ('speedup'), and where
//    either has no valid P >= 2 (a busy machine) the headline is 'not-measured': neither is compared, and the count
//    says how many were. Two intervals each clear of a threshold on opposite sides would be a real disagreement.
File goalDir = new File(basedir, 'target/factored')
for (String name : ['jmh-result.json', 'analysis.json', 'jmh.log']) {
    assert new File(goalDir, name).isFile() : "the Maven goal wrote no ${name} in ${goalDir}"
}
def goalAnalysis = new JsonSlurper().parse(new File(goalDir, 'analysis.json'))
def goalEntries = new JsonSlurper().parse(new File(goalDir, 'jmh-result.json'))
def familyKey = { f -> f.benchmark + ' ' + new TreeMap(f.params ?: [:]) }
def configurationKey = { e -> e.benchmark + ' ' + e.mode + ' ' + new TreeMap(e.params) }
assert goalAnalysis.families.collect(familyKey).toSet() == runAnalysis.families.collect(familyKey).toSet() :
        "families: goal ${goalAnalysis.families.collect(familyKey)}, run ${runAnalysis.families.collect(familyKey)}"
assert goalEntries.collect(configurationKey).toSet() == runEntries.collect(configurationKey).toSet() :
        "configurations: goal ${goalEntries.collect(configurationKey).sort()}, run ${runEntries.collect(configurationKey).sort()}"
def validity = { family -> family.points.findAll { !it.invalidBecause.any { r -> r.startsWith('busy') } }
        .collectEntries { [(it.cores): it.invalidBecause.collect { r -> r.takeWhile { c -> c != ':' } }.toSet()] } }
int verdicts = 0
int notVerdicts = 0
for (def goalFamily : goalAnalysis.families) {
    def runFamily = runAnalysis.families.find { familyKey(it) == familyKey(goalFamily) }
    assert goalFamily.idleSource == runFamily.idleSource : "${familyKey(goalFamily)}: idle ${goalFamily.idleSource} by the" +
            " goal, ${runFamily.idleSource} by factored run (the code decides it: the task API or unmodified code)"
    def goalValid = validity(goalFamily)
    def runValid = validity(runFamily)
    goalValid.keySet().intersect(runValid.keySet()).each { p ->
        assert goalValid[p] == runValid[p] : "${familyKey(goalFamily)} P = ${p}: goal ${goalValid[p]}, run ${runValid[p]}"
    }
    String goalKind = goalFamily.headline?.kind
    String runKind = runFamily.headline?.kind
    // 'not-measured': no P >= 2 was valid (other processes took its CPUs), which is the moment's, not the suite's
    if (goalKind in [null, 'speedup', 'not-measured'] || runKind in [null, 'speedup', 'not-measured']) {
        notVerdicts++
        continue
    }
    verdicts++
    assert goalKind == runKind : "${familyKey(goalFamily)}: the goal says ${goalKind}, factored run ${runKind}"
}
println "[plain-jmh] goal vs run: ${goalAnalysis.families.size()} families and ${goalEntries.size()} configurations the" +
        " same; headline verdicts compared in ${verdicts}, not compared in ${notVerdicts} (a range, or no valid P >= 2)"

// 8. An unknown command is an error, even with --help.
run('cli-unknown', [java.path, '-jar', cli.path, 'bogus', '--help'], 2)
return true
