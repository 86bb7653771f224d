// -Dfactored.updateBaseline=true: the analysis is copied byte for byte, and the log says so loudly.
File analysis = new File(basedir, 'analysis.json')
File baseline = new File(basedir, 'target/refreshed/baseline.json')
assert baseline.isFile() : "the baseline ${baseline} was not written"
assert baseline.bytes == analysis.bytes
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('*** BASELINE UPDATED: ') : 'the baseline update was not logged'
return true
