// A truncated baseline: the error names the file and the problem; no verdict is written.
String log = new File(basedir, 'build.log').getText('UTF-8')
String file = new File(basedir, 'baseline.json').absolutePath
assert log.contains("cannot use the baseline file: ${file}") : 'the error does not name the baseline file'
assert log.contains('ends early') : 'the error does not say what is wrong with it'
assert !new File(basedir, 'target/factored/check.json').exists() : 'a verdict was written despite the bad baseline'
return true
