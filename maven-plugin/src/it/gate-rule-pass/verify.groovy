import groovy.json.JsonSlurper

def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == true
assert check.rules.size() == 2 : "expected one result per rule: ${check.rules}"
assert check.rules.every { it.status == 'pass' } : check.rules
assert new File(basedir, 'target/factored/summary.md').getText('UTF-8').trim()
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[factored] check passed (2 check(s))')
return true
