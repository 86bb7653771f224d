// The run stops at the listing: the log names the benchmark and says how to add the Cores state.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("has a 'cores' param: it.plain.PlainBenchmark.sum") : 'the benchmark without cores is not named'
assert log.contains('dev.factored.jmh.Cores') : 'the error does not say how to add the cores param'
assert !log.contains('# Run progress') && !new File(basedir, 'target/factored/jmh-result.json').exists() : 'JMH measured anyway'
return true
