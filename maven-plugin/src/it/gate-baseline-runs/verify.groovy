import groovy.json.JsonSlurper

def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == true : check.comparisons.findAll { it.status == 'fail' }
assert check.notes.any { it.contains('The baseline holds 2 runs') } : check.notes
def judged = check.comparisons.findAll { it.statistics != null }
assert judged.size() == 4 : judged
judged.each {
    assert it.method == 'run-history' : it
    assert it.statistics.noise.startsWith("between the baseline's 2 runs") : it.statistics.noise
    assert it.status != 'fail' : it
}
// this run's P=2 forks disagree (141 µs against 124-127 µs in the baseline's runs): inconclusive, not failed
assert judged.findAll { it.cores == '2' }.every { it.status == 'inconclusive' } : judged
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('(2 runs)') : 'the log names the baseline and its runs'
return true
