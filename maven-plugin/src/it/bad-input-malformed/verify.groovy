// The build failed; its log must name the file, where the JSON breaks, and what is wrong there.
String log = new File(basedir, 'build.log').getText('UTF-8')
String file = new File(basedir, 'malformed.json').absolutePath
assert log.contains('[ERROR]') : 'no error in the build log'
assert log.contains(file) : "the error does not name ${file}"
assert log.contains('malformed JSON at line 59') : 'the error does not say where the JSON breaks'
assert log.contains('expecting comma') : 'the error does not say what is wrong'
assert !new File(basedir, 'target/factored/analysis.json').exists() : 'an analysis was written from bad input'
return true
