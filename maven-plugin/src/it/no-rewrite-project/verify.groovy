// A typical JMH benchmark of unmodified fork/join code, adopted in 4 lines, through `mvn verify site`.
import groovy.json.JsonSlurper

File factored = new File(basedir, 'target/factored')
def fail = { String msg -> throw new AssertionError(msg) }

def analysis = new JsonSlurper().parse(new File(factored, 'analysis.json'))
def families = analysis.families.findAll { it.benchmark == 'it.norewrite.SumBenchmark.forkJoinSum' }
if (families*.params.threshold as Set != ['1000', '20000'] as Set) fail("families: ${analysis.families*.params}")
families.each { f ->
    if (f.idleSource != 'estimated') fail("${f.params}: idleSource ${f.idleSource}, expected estimated")
    if (f.elisionTime != null) fail("${f.params}: a one-worker run is not an elision, but elisionTime is ${f.elisionTime}")
    if (f.work != null) fail("${f.params}: no span run for unmodified code, but work is ${f.work}")
    if (f.baselineTime == null || f.oneCoreTime == null) fail("${f.params}: T_s and T_1 must be measured")
    // Nothing about elision or span where unmodified code cannot have them; its idle is worded as time off-CPU.
    if (f.warnings.any { it.contains('elision') || it.contains('span run') }) fail("${f.params}: an elision or span warning: ${f.warnings}")
    // The estimated-idle note is said once for the run when every family has it, else on the family.
    if (!(f.warnings + analysis.warnings).any { it.contains('time off-CPU') }) {
        fail("${f.params}: no estimated-idle warning: ${f.warnings}; run: ${analysis.warnings}")
    }
    def two = f.points.find { it.cores == 2 }
    if (two == null || two.idleTime == null || two.speedups.actual == null) fail("${f.params}: P = 2 incomplete: ${two}")
    if ((two.idleTime.value as double) < 0) fail("${f.params}: negative idle ${two.idleTime}")
}
// The entries carry the estimate's flag, and the separate sequential benchmark (no cores param) was not run.
def entries = new JsonSlurper().parse(new File(factored, 'jmh-result.json'))
def two = entries.find { it.params?.cores == '2' }
if (two.secondaryMetrics['factored.estimated']?.score != 1.0) fail("cores=2 has no factored.estimated = 1: ${two.secondaryMetrics.keySet()}")
if (entries.any { it.benchmark.endsWith('sequentialSum') }) fail('sequentialSum has no cores param and is not a factored benchmark')
// Only forks that feed the analysis: unmodified code's elision and span forks are not run, and one line says so.
def spared = entries.findAll { it.params?.cores in ['elision', 'span'] }
if (!spared.isEmpty()) fail("elision or span forks of unmodified code ran: ${spared.collect { it.params }}")
String log = new File(basedir, 'build.log').getText('UTF-8')
if (!log.contains('[factored] skipped 4 elision and span fork(s) of unmodified fork/join code')) fail('no line says what was not run')

String html = new File(basedir, 'target/site/factored.html').getText('UTF-8')
if (!html.contains('idle estimated')) fail('the report does not say that the idle time is estimated')
return true
