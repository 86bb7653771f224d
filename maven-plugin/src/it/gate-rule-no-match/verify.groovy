import groovy.json.JsonSlurper

// A rule that names no benchmark fails, so that a typo cannot pass silently.
def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == false
assert check.rules.size() == 1 && check.rules[0].status == 'fail'
assert check.rules[0].family == null : 'a rule matching nothing names no family'
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('factored:check failed')
assert log.contains('NoSuchBenchmark')
return true
