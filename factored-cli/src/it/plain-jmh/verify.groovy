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
//    baseline, one short fork each: enough for the analysis' points, not for good numbers.
def profiled = run('jmh-profiled', [java.path, '-Djmh.ignoreLock=true', '-jar', benchmarks.path,
        '-prof', 'dev.factored.jmh.FactoredProfiler:activity=activity', '-p', 'cores=baseline,1,2',
        '-f', '1', '-wi', '1', '-i', '2', '-w', '200ms', '-r', '200ms', '-foe', 'true',
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
        '-f', '1', '-wi', '1', '-i', '1', '-w', '100ms', '-r', '100ms', '-foe', 'true',
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
        '--preset', 'quick', '--warmupIterations', '1', '--measurementIterations', '2', '--warmupTime', '200ms',
        '--measurementTime', '200ms', '--budget', '25s', '--hostJvmArgument=-Djmh.ignoreLock=true'])
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
// One progress line per fork: the entries, and the one bandwidth fork per method whose baseline cannot run copies
// (only running it shows that; its line says so, and the method's other bandwidth forks are not run).
int forks = factored.err.readLines().count { it.contains('% done') }
int noCopies = factored.err.readLines().count { it.contains('bandwidth test skipped for') }
int measured = runEntries.sum { it.primaryMetric.rawData.size() }
assert forks == measured + noCopies : "one progress line per fork: ${forks} lines, ${measured} forks in the JSON"
// The budget (25 s) bounded the further rounds, and the log says why they ended.
assert factored.err =~ /no further rounds: (every target is met|the budget is spent|no further fork can narrow)/ : factored.err
assert factored.err.readLines().size() < 3 * forks : "the console stays under 3 lines per fork:\n${factored.err}"
assert factored.err.contains('check passed') : factored.err
assert !factored.err.contains('# Warmup Iteration') : "JMH's own output goes to jmh.log, not the console"

// 7. An unknown command is an error, even with --help.
run('cli-unknown', [java.path, '-jar', cli.path, 'bogus', '--help'], 2)
return true
