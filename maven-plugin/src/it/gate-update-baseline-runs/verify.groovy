import groovy.json.JsonSlurper

def analysis = new JsonSlurper().parse(new File(basedir, 'analysis.json'))
def run3 = new JsonSlurper().parse(new File(basedir, '../../../src/it/fixtures/analysis-run3.json'))
def baseline = new JsonSlurper().parse(new File(basedir, 'baseline.json'))
assert baseline.schema == 2 // written by this version (its input fixtures are schema 1, still read)
assert baseline.runs.size() == 2 : 'the newest two runs are kept'
assert baseline.runs[0].sourceSha256 == run3.sourceSha256 : 'the oldest run was dropped, the second kept'
assert baseline.runs[1].sourceSha256 == analysis.sourceSha256 : 'this run was added last'
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('*** BASELINE UPDATED: ') && log.contains('the last 2 runs')
return true
