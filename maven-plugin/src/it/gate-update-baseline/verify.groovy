import groovy.json.JsonSlurper

// -Dfactored.updateBaseline=true: the baseline now holds this run's analysis (written from the records, so a
// field this version adds may be new in it; what was measured is the same), and the log says so loudly.
File analysisFile = new File(basedir, 'analysis.json')
File baselineFile = new File(basedir, 'target/refreshed/baseline.json')
assert baselineFile.isFile() : "the baseline ${baselineFile} was not written"
def analysis = new JsonSlurper().parse(analysisFile)
def baseline = new JsonSlurper().parse(baselineFile)
assert baseline.schema == 2 // written by this version (its input fixtures are schema 1, still read)
assert baseline.sourceSha256 == analysis.sourceSha256
assert baseline.families*.benchmark == analysis.families*.benchmark
analysis.families.eachWithIndex { f, i ->
    assert baseline.families[i].configurations == f.configurations : 'the raw samples are kept exactly'
    assert baseline.families[i].points*.time == f.points*.time
}
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('*** BASELINE UPDATED: ') : 'the baseline update was not logged'
return true
