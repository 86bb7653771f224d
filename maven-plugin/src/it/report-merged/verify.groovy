// Two result files of two host classes through factored.jmhResults: the family once per host, one section each.
import groovy.json.JsonSlurper

def analysis = new JsonSlurper().parse(new File(basedir, 'target/factored/analysis.json'))
assert analysis.families.size() == 2 : "one family per host: ${analysis.families*.benchmark}"
assert analysis.families*.environment*.host*.cpuModel == ['AMD EPYC 7763 64-Core Processor',
        'Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz']
assert analysis.families*.environment*.forks == [3, 3] : 'no forks were pooled across hosts'
String html = new File(basedir, 'target/reports/factored.html').getText('UTF-8')
int a = html.indexOf('Host: AMD EPYC 7763 64-Core Processor, 4 CPUs')
int b = html.indexOf('Host: Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz, 4 CPUs')
assert a > 0 && b > a : 'one report section per host, in order'
return true
