import groovy.json.JsonSlurper

// The build failed, the log lists what broke, and check.json says why.
def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == false
assert check.rules.size() == 1
def result = check.rules[0]
assert result.status == 'fail'
assert result.metric == 'actual-speedup'
assert result.cores == '2' : result
assert result.measured.high < 8 : result.measured
assert result.reason : 'no reason given'
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('factored:check failed 1 of 1 check(s)')
assert log.contains('actual-speedup')
assert new File(basedir, 'target/factored/summary.md').isFile()
return true
