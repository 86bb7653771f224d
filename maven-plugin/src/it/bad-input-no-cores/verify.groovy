// The build failed; its log must name the file, the entry, and how to add the cores param.
String log = new File(basedir, 'build.log').getText('UTF-8')
String file = new File(basedir, 'no-cores.json').absolutePath
assert log.contains(file) : "the error does not name ${file}"
assert log.contains('no benchmark has a `cores` param') : 'the error does not name the problem'
assert log.contains('it.plain.PlainBenchmark.sum') : 'the error does not name the entry'
assert log.contains('dev.factored.jmh.Cores') : 'the error does not say how to add the cores param'
assert !new File(basedir, 'target/factored/analysis.json').exists() : 'an analysis was written from bad input'
return true
