import groovy.io.FileType
import groovy.json.JsonSlurper
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions

// Adopted with adopting.md's execution (run, report, check) on the project's own JMH 1.21, mvn verify with one failing
// configuration: the old JMH is named, the others are reported and checked, the failure is named in the log, the
// report, check.json and summary.md, and the build fails with it at the end (issue 33, items 2 and 8).
String log = new File(basedir, 'build.log').getText('UTF-8')
File factored = new File(basedir, 'target/factored')

// 1. The project's JMH 1.21 won Maven's resolution over the profiler's 1.37: named, with what it lacks.
assert log.contains('the benchmarks run on JMH 1.21 (from jmh-core-1.21.jar), older than the JMH 1.37') : 'old JMH not named'
assert log.contains('lacks the compiler blackholes') : 'what the old JMH lacks is not said'

// 2. The failure names the benchmark, the configuration and the exception; the good result is kept and analysed.
assert log.contains('1 benchmark configuration(s) failed') : 'no failure summary'
assert log.contains('it.failing.FailingBenchmark.work cores=2') : 'the failing configuration is not named'
assert log.contains('deliberate failure on 2 workers') : 'the exception is not shown'
def results = new JsonSlurper().parse(new File(factored, 'jmh-result.json'))
assert results*.params*.cores == ['1'] : "kept results: ${results*.params}"
assert new File(factored, 'jmh.log').getText('UTF-8').contains('IllegalStateException')
// The failed configuration is named in analysis.json, run-wide and in its family's warnings (issue 16).
def analysis = new JsonSlurper().parse(new File(factored, 'analysis.json'))
assert analysis.failedConfigurations*.params*.cores == ['2'] : "failedConfigurations: ${analysis.failedConfigurations}"
assert analysis.failedConfigurations[0].reason.contains('deliberate failure on 2 workers')
assert analysis.families[0].warnings.any { it.startsWith('Failed, so missing here: cores=2') } : analysis.families[0].warnings

// 3. The run handed the failure on, the report and the check ran in verify, and the check failed the build with it.
assert log.contains('then factored:check fails the build with them') : 'the run did not hand the failure on'
assert log =~ /Failed to execute goal dev\.factored:factored-maven-plugin:[^:]+:check/ : 'the build did not fail at the check'
assert !log.contains('not run in this build') : 'every goal of the execution runs in mvn verify'

// 4. The report of mvn verify (the report goal binds to verify), naming the failure.
File page = new File(basedir, 'target/reports/factored.html')
assert page.isFile() : "no report from mvn verify at ${page}"
String html = page.getText('UTF-8')
assert html.contains('1 configuration failed in the run, so not measured') : 'the report does not list the failure'
assert html.contains('it.failing.FailingBenchmark.work cores=2: java.lang.IllegalStateException: deliberate failure on 2 workers')

// 5. check.json and summary.md name it too.
def check = new JsonSlurper().parse(new File(factored, 'check.json'))
assert check.notes.any { it.startsWith('Failed in the run, so not measured and not checked: it.failing.FailingBenchmark.work cores=2')
        && it.contains('deliberate failure on 2 workers') } : "check.json notes: ${check.notes}"
String summary = new File(factored, 'summary.md').getText('UTF-8')
assert summary.contains('Failed in the run, so not measured and not checked: it.failing.FailingBenchmark.work cores=2') : summary

// 6. Every file the run, the report and the check write has one mode (jmh-result.json and host.properties were 0600).
Map<String, String> modes = [:]
factored.eachFileRecurse(FileType.FILES) { f ->
    modes[factored.toPath().relativize(f.toPath()).toString()] = PosixFilePermissions.toString(Files.getPosixFilePermissions(f.toPath()))
}
assert modes.keySet().containsAll(['jmh-result.json', 'analysis.json', 'check.json', 'summary.md', 'activity/host.properties']) : modes.keySet()
assert modes.values().toSet().size() == 1 : "file modes differ: ${modes}"
return true
