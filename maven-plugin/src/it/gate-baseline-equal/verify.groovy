import groovy.json.JsonSlurper

// Comparing a run with itself finds no change.
def check = new JsonSlurper().parse(new File(basedir, 'target/factored/check.json'))
assert check.passed == true
assert !check.comparisons.isEmpty() : 'no comparison with the baseline was made'
assert check.comparisons.every { it.status != 'fail' } : check.comparisons.findAll { it.status == 'fail' }
return true
