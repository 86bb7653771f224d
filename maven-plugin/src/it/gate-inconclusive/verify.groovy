import groovy.json.JsonSlurper

def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == false
assert check.counts.failed == 0 : check.counts
assert check.counts.inconclusive == 4 : check.counts
def judged = check.comparisons.findAll { it.statistics != null }
assert judged.size() == 4
judged.each {
    assert it.status == 'inconclusive' : it
    assert (it.compared == 'time' ? it.ratio.high > 1.1 : it.ratio.low < 0.9) : it.ratio
    assert it.reason.contains('its interval reaches beyond the 10% tolerance') : it.reason
    assert it.reason.contains('needs about ') : it.reason
}
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('INCONCLUSIVE') : 'the console table shows the status'
assert log.contains('factored:check failed 4 of')
String summary = new File(basedir, 'target/factored/summary.md').getText('UTF-8')
assert summary.contains('4 inconclusive')

// The exports for Bencher and github-action-benchmark, one benchmark per family and P
def bencher = new JsonSlurper().parse(new File(basedir, 'target/factored/bencher.json'))
def name = 'it.forkjoin.SumBenchmark.sumOfSquares(size=200000) @ cores=2'
assert bencher[name].latency.value > 0 : bencher
assert bencher[name].speedup.value > 0
assert bencher[name].latency.lower_value <= bencher[name].latency.value
def gab = new JsonSlurper().parse(new File(basedir, 'target/factored/github-action-benchmark.json'))
assert gab.find { it.name == name + ' - time' && it.unit == 'ns/op' } : gab
assert gab.find { it.name == name + ' - time relative to the baseline (1/speedup)' }
return true
