// A standalone report (maven-reporting-impl 4.x writes it to target/reports/) from a JMH JSON only.
import groovy.json.JsonSlurper

File page = new File(basedir, 'target/reports/factored.html')
assert page.isFile() : "missing ${page}"
String html = page.getText('UTF-8')
assert html.contains('Factored speedups')
def images = (html =~ /<img[^>]+src="(factored\/[^"]+)"/).collect { it[1] }
assert images.count { it ==~ /.*-speedup\.(png|svg)/ } == 1 : "speedup chart missing: ${images}"
assert images.count { it ==~ /.*-components\.(png|svg)/ } == 1 : "components chart missing: ${images}"
images.each { src ->
    File png = new File(page.parentFile, src)
    assert png.isFile() && png.length() > 1000 : "chart ${png} missing or empty"
}
def analysis = new JsonSlurper().parse(new File(basedir, 'target/factored/analysis.json'))
assert analysis.schema == 2
assert analysis.families*.benchmark == ['it.forkjoin.SumBenchmark.sumOfSquares']
assert analysis.families[0].points*.cores == [1, 2]
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[factored] 1 family analysed') : 'no analysis summary in the log'
return true
