// Checks the artefacts of a real `mvn verify site` with the factored plugin.
import groovy.json.JsonSlurper

File factored = new File(basedir, 'target/factored')
def fail = { String msg -> throw new AssertionError(msg) }

// 1. JMH's own JSON, with the profiler's secondary metrics.
File jmhResult = new File(factored, 'jmh-result.json')
if (!jmhResult.isFile()) fail("missing ${jmhResult}")
def entries = new JsonSlurper().parse(jmhResult)
def coresSeen = entries.collect { it.params?.cores } as Set
// The parallel configurations in turn inside each fork (shareForks parallel, the default): one JMH entry, 1+2.
if (coresSeen != ['baseline', 'elision', '1+2'] as Set) fail("cores configurations run: ${coresSeen}")
def turn = entries.find { it.params.cores == '1+2' }
def tags = turn.secondaryMetrics['factored.turn']?.rawData?.flatten() as List
if (tags == null || tags.count { it == 1.0 } != tags.count { it == 2.0 } || tags.size() == 0) {
    fail("the turn's iterations are not tagged one member each alike: ${tags}")
}
entries.each { e ->
    if (!e.secondaryMetrics?.containsKey('factored.idle')) {
        fail("entry ${e.benchmark} cores=${e.params?.cores} has no factored.idle: ${e.secondaryMetrics?.keySet()}")
    }
}

// 2. The analysis: schema 2 and, at every P, actual + the four losses = P (METHOD.md §4), plus the interference
//    loss D_P / T_P when the profiler measured the workers' descheduled time (a busy machine: it is taken out of the
//    inflation, so the four alone then fall short of P), and the own waiting O_P / T_P (taken out the same way).
File analysisFile = new File(factored, 'analysis.json')
def analysis = new JsonSlurper().parse(analysisFile)
if (analysis.schema != 2) fail("analysis.json schema ${analysis.schema}")
if (analysis.families.size() != 1) fail("expected 1 family, got ${analysis.families*.benchmark}")
analysis.families.each { f ->
    if (f.points.isEmpty()) fail("family ${f.benchmark} has no points")
    f.points.each { p ->
        def parts = [p.speedups.actual, p.losses.algorithmic, p.losses.scheduling, p.losses.idle, p.losses.inflation]
        if (parts.any { it == null }) fail("${f.benchmark} P=${p.cores}: a speedup component is null: ${p}")
        if (p.losses.interference != null) parts << p.losses.interference
        if (p.losses.ownWaiting != null) parts << p.losses.ownWaiting
        double sum = parts.sum { it.value as double }
        if (Math.abs(sum - (p.cores as double)) > 1e-6 * p.cores) {
            fail("${f.benchmark} P=${p.cores}: actual + losses = ${sum}, not ${p.cores}")
        }
        // The activity side files reached the analysis: the idle split adds up to the idle time.
        if (p.idleSplit == null) fail("${f.benchmark} P=${p.cores}: no idleSplit (activity files not read?)")
        double split = ['startup', 'serial', 'tail', 'other', 'handBack'].sum { p.idleSplit[it].value as double }
        if (Math.abs(split - (p.idleTime.value as double)) > 1e-9 + 1e-6 * Math.abs(p.idleTime.value as double)) {
            fail("${f.benchmark} P=${p.cores}: the idle split adds up to ${split}, idleTime is ${p.idleTime.value}")
        }
    }
    if (f.timeline == null || f.timeline.lanes.size() != f.timeline.cores) {
        fail("${f.benchmark}: no activity timeline with one lane per worker: ${f.timeline}")
    }
}
// An activity file for every pooled member of every fork (a turn's fork writes one per member): the planned rounds',
// and those the budgeted rounds added. A fork replaced because other processes disturbed it leaves its files behind
// (more files than forks: known).
int pooledForks = 2 * turn.primaryMetric.rawData.size()
File activity = new File(factored, 'activity')
if (pooledForks < 2 || !activity.isDirectory()
        || activity.listFiles().findAll { it.name.endsWith('.activity.tsv') }.size() < pooledForks) {
    fail("expected one activity file per pooled fork (${pooledForks} of cores=1, 2) in ${activity}: ${activity.listFiles()}")
}
// The budgeted rounds ended by saying why.
String log = new File(basedir, 'build.log').getText('UTF-8')
// (or that the budget left holds a single second fork, which would rest every interval on 1 degree of freedom)
if (!(log =~ /no further rounds: (every target is met|the budget is spent|no further fork can narrow|the budget left \([0-9:]+\) holds one second fork)/)) {
    fail('the build log does not say why the rounds ended')
}

// 3. The gate ran on the real analysis.
File checkJson = new File(factored, 'check.json')
if (!checkJson.isFile()) fail("missing ${checkJson}")
if (!new File(factored, 'summary.md').isFile()) fail('missing summary.md')

// 4. The site page, with both charts of every family, and the images next to it.
File page = new File(basedir, 'target/site/factored.html')
if (!page.isFile()) fail("missing ${page}")
String html = page.getText('UTF-8')
if (!html.contains('Factored speedups')) fail('the page has no "Factored speedups" title')
def images = (html =~ /<img[^>]+src="([^"]+)"/).collect { it[1] }
// The report writes its charts as PNG or SVG files next to the page.
def speedupCharts = images.findAll { it ==~ /.*-speedup\.(png|svg)/ }
def componentCharts = images.findAll { it ==~ /.*-components\.(png|svg)/ }
if (images.findAll { it ==~ /.*-timeline\.(png|svg)/ }.size() != analysis.families.size()) {
    fail("expected an activity timeline per family; images: ${images}")
}
if (speedupCharts.size() != analysis.families.size() || componentCharts.size() != analysis.families.size()) {
    fail("expected a speedup and a components chart per family; images: ${images}")
}
(speedupCharts + componentCharts).each { src ->
    File chart = new File(page.parentFile, src)
    if (!chart.isFile() || chart.length() < 1000) fail("chart ${src} missing or empty at ${chart}")
    byte[] bytes = chart.bytes
    boolean png = bytes[0] == (byte) 0x89 && bytes[1] == (byte) 0x50 && bytes[2] == (byte) 0x4E && bytes[3] == (byte) 0x47
    boolean svg = new String(bytes, 0, Math.min(bytes.length, 2000), 'UTF-8').contains('<svg')
    if (src.endsWith('.png') ? !png : !svg) fail("${chart} is not what its name says")
}
File siteIndex = new File(basedir, 'target/site/project-reports.html')
if (siteIndex.isFile() && !siteIndex.getText('UTF-8').contains('factored.html')) {
    fail('the site\'s project reports page does not link factored.html')
}

// 5. The page in a real browser (headless Chromium): images load, no errors. Exit 2 = Chromium absent
//    and not required; with CI=true (or --require) a missing Chromium is exit 1.
File checker = new File(browserCheck)
if (checker.isFile()) {
    File screenshot = new File(basedir, 'target/factored-page.png')
    def java = new File(javaHome, 'bin/java').absolutePath
    def command = [java, checker.absolutePath, page.absolutePath, screenshot.absolutePath,
                   "--min-images=${2 * analysis.families.size()}".toString()]
    def process = new ProcessBuilder(command).redirectErrorStream(true).start()
    String output = process.inputStream.getText('UTF-8')
    int code = process.waitFor()
    println "BrowserCheck exit ${code}:\n${output}"
    if (code == 2) {
        println 'BrowserCheck skipped: Chromium is not installed (set CI=true to make this a failure)'
    } else if (code != 0) {
        fail("BrowserCheck failed (exit ${code}) on ${page}:\n${output}")
    }
} else if (System.getenv('CI') == 'true') {
    fail("BrowserCheck not found at ${checker}; CI=true requires the browser check")
} else {
    println "BrowserCheck not found at ${checker}: browser check skipped"
}
return true
