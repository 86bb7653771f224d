// factored run on a jar whose benchmark throws at cores=2 (issue 33, items 2 and 7): the report, check.json and
// summary.md are written for cores=1 and name the failure, the console names it last, and the exit code is 4. The
// console's progress counts the forks and never goes back, and every file the run writes has one mode.
import groovy.io.FileType
import groovy.json.JsonSlurper
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions
import java.util.concurrent.TimeUnit

File java = new File(javaHome, 'bin/java')
File cli = new File(cliJar)
File benchmarks = new File(basedir, 'target/benchmarks.jar')
File work = new File(basedir, 'target/failing-run')
work.mkdirs()
assert cli.isFile() : "the factored-cli jar of this build is missing: ${cli}"
assert benchmarks.isFile() : "the benchmarks uber-jar was not built: ${benchmarks}"

List<String> command = [java.path, '-jar', cli.path, 'run', benchmarks.path, '--output', 'run', '--cores', '1,2',
        '--forks', '1', '--warmupIterations', '0', '--measurementIterations', '1', '--measurementTime', '100ms',
        '--budget', 'off', '--hostJvmArgument=-Djmh.ignoreLock=true']
File out = new File(work, 'run.out')
File err = new File(work, 'run.err')
println "[run-failing-benchmark] ${command.join(' ')}"
Process p = new ProcessBuilder(command).directory(work).redirectOutput(out).redirectError(err).start()
if (!p.waitFor(5, TimeUnit.MINUTES)) {
    p.destroyForcibly()
    throw new AssertionError("factored run did not end within 5 minutes:\n${err.text}")
}
String console = err.getText('UTF-8')
assert p.exitValue() == 4 : "exit ${p.exitValue()}, expected 4 (a configuration failed):\n${console}"

// The console: the failure is said last, as the reason for the exit code; the check's notes name it too.
List<String> lines = console.readLines()
int error = lines.findIndexOf { it.startsWith('error: 1 benchmark configuration(s) failed:') }
assert error >= 0 : console
assert lines[error + 1].contains('it.failing.FailingBenchmark.work cores=2') && lines[error + 1].contains('deliberate failure on 2 workers') : console
assert lines.findIndexOf { it.contains('check passed') } < error : 'the check runs before the run fails'
assert console.contains('Note: Failed in the run, so not measured and not checked: it.failing.FailingBenchmark.work cores=2') : console

// The report, check.json and summary.md of the rest, each naming the failure.
File run = new File(work, 'run')
String html = new File(run, 'report/index.html').getText('UTF-8')
assert html.contains('1 configuration failed in the run, so not measured') : 'the report does not list the failure'
assert html.contains('it.failing.FailingBenchmark.work cores=2: java.lang.IllegalStateException: deliberate failure on 2 workers')
def check = new JsonSlurper().parse(new File(run, 'check.json'))
assert check.notes.any { it.contains('it.failing.FailingBenchmark.work cores=2') && it.contains('deliberate failure on 2 workers') } : check.notes
assert new File(run, 'summary.md').getText('UTF-8').contains('Failed in the run, so not measured and not checked: it.failing.FailingBenchmark.work cores=2')
def analysis = new JsonSlurper().parse(new File(run, 'analysis.json'))
assert analysis.failedConfigurations*.params*.cores == ['2']
assert analysis.families[0].points*.cores == [1] : "cores=1 measured and analysed: ${analysis.families[0].points*.cores}"

// The progress counts the run's forks, and its percentage never goes back. cores=1,2 run in turn (the default): the
// turn's fork fails with its member 2, so 1 and 2 then run in forks of their own, which the count takes in.
List<String> progress = lines.findAll { it.contains('% done') }
assert progress.size() == 3 : console
assert progress[0].contains('fork 1/1 (round 1/1)') && progress[0].contains('cores=1+2') : progress
assert progress[1].contains('fork 2/3 (round 1/1)') && progress[2].contains('fork 3/3 (round 1/1)') : progress
assert console.contains('which measures 1, 2 in turn (a member failed') : console
List<Integer> percents = progress.collect { (it =~ /(\d+)% done/)[0][1] as int }
assert percents == percents.sort(false) : "the percentage went back: ${percents}"

// Every file the run writes has one mode (jmh-result.json and host.properties were 0600, the rest 0644).
Map<String, String> modes = [:]
run.eachFileRecurse(FileType.FILES) { f ->
    modes[run.toPath().relativize(f.toPath()).toString()] = PosixFilePermissions.toString(Files.getPosixFilePermissions(f.toPath()))
}
assert modes.keySet().containsAll(['jmh-result.json', 'analysis.json', 'check.json', 'summary.md', 'report/index.html',
        'activity/host.properties']) : modes.keySet()
assert modes.values().toSet().size() == 1 : "file modes differ: ${modes}"
return true
