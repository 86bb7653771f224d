import groovy.json.JsonSlurper

// The baseline's P=1 and P=2 times are 0.4 × the current ones (see ../README.md): the current run is
// 2.5 times slower there, well beyond the 10% tolerance and the noise.
def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == false
def failed = check.comparisons.findAll { it.status == 'fail' }
assert !failed.isEmpty() : 'the regression was not found'
assert failed*.cores.unique().sort() == ['1', '2'] : "unexpected failures: ${failed*.family} ${failed*.cores}"
assert failed*.compared.unique().sort() == ['actual-speedup', 'time']
assert failed.every { it.reason } : 'a failure without a reason'
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('factored:check failed')
return true
