import groovy.json.JsonSlurper

// The failure names the benchmark, the configuration and the exception; the good result is kept.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('1 benchmark configuration(s) failed') : 'no failure summary'
assert log.contains('it.failing.FailingBenchmark.work cores=2') : 'the failing configuration is not named'
assert log.contains('deliberate failure on 2 workers') : 'the exception is not shown'
def results = new JsonSlurper().parse(new File(basedir, 'target/factored/jmh-result.json'))
assert results*.params*.cores == ['1'] : "kept results: ${results*.params}"
assert new File(basedir, 'target/factored/jmh.log').getText('UTF-8').contains('IllegalStateException')
// The failed configuration is named in analysis.json, run-wide and in its family's warnings (issue 16).
def analysis = new JsonSlurper().parse(new File(basedir, 'target/factored/analysis.json'))
assert analysis.failedConfigurations*.params*.cores == ['2'] : "failedConfigurations: ${analysis.failedConfigurations}"
assert analysis.failedConfigurations[0].reason.contains('deliberate failure on 2 workers')
assert analysis.families[0].warnings.any { it.startsWith('Failed, so missing here: cores=2') } : analysis.families[0].warnings
return true
