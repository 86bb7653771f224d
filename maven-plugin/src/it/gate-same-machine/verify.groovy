// Two unchanged runs of one machine whose first forks ran on one CPU and on two: the second compared with the first.
import groovy.json.JsonSlurper

def fail = { String msg -> throw new AssertionError(msg) }

// The premise: the runs' first forks had different CPU counts (the host JVM moves off a one-CPU fork's CPU).
def logs = basedir.listFiles().findAll { it.name.startsWith('build') && it.name.endsWith('.log') }
        .sort { it.name }
def firstForks = []
logs.each { log ->
    log.getText('UTF-8').eachLine { line ->
        def m = line =~ /\[factored\] fork 1\/\d+ .*? cores=(\S+)/
        if (m.find()) firstForks << m.group(1)
    }
}
if (firstForks != ['1', '2']) fail("the first forks should be cores=1 then cores=2 (seeds 1 and 2): ${firstForks} in ${logs*.name}")

// The identity each run recorded: the machine's count, read before any pinning, the same in both.
def baseline = new JsonSlurper().parse(new File(basedir, 'baseline.json'))
def current = new JsonSlurper().parse(new File(basedir, 'target/factored/analysis.json'))
def hostOf = { analysis ->
    def runs = analysis.runs ?: [analysis]
    runs[-1].families[0].environment.host
}
def before = hostOf(baseline)
def now = hostOf(current)
if (!before.cpuCountFromMachine || !now.cpuCountFromMachine) fail("the CPU count is not the machine's: ${before} / ${now}")
if (before.cpuCount != now.cpuCount || before.topology != now.topology || before.cpuModel != now.cpuModel) {
    fail("one machine, two identities: ${before} (baseline) vs ${now} (current)")
}
if (now.cpuCount < 2) fail("the machine's CPUs read as ${now.cpuCount}: the run needs 2 for cores=2")

// The gate compared: no environment refusal, no failed check, and the families were compared at all.
def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
def environment = check.comparisons.findAll { it.compared == 'environment' }
if (!environment.isEmpty()) fail("refused: ${environment*.reason}")
def failed = check.comparisons.findAll { it.status == 'fail' }
if (!failed.isEmpty()) fail("failed checks in an unchanged run: ${failed*.reason}")
if (!check.passed) fail("check.json did not pass: ${check}")
if (check.comparisons.count { it.compared == 'time' } < 3) fail("the configurations were not compared: ${check.comparisons}")
return true
