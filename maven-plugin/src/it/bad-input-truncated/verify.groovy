// The build failed; its log must name the file and say that it ends too early.
String log = new File(basedir, 'build.log').getText('UTF-8')
String file = new File(basedir, 'truncated.json').absolutePath
assert log.contains(file) : "the error does not name ${file}"
assert log.contains('end-of-input') : 'the error does not say the file ends too early'
assert !new File(basedir, 'target/factored/analysis.json').exists() : 'an analysis was written from bad input'
return true
