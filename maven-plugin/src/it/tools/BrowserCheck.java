/*
 * BrowserCheck: opens a local HTML page in headless Chromium and checks that it really renders.
 *
 * Usage (JDK 17+, no dependencies, single-file source launch):
 *
 *   java BrowserCheck.java <page.html> <screenshot.png> [--require] [--min-images=N] [--timeout=SECONDS]
 *
 *   <page.html>       local HTML file to open (loaded as a file:// URL, so relative images resolve)
 *   <screenshot.png>  where to write a full-page PNG screenshot, for people to look at
 *   --require         a missing Chromium is a failure (exit 1), not a skip (exit 2).
 *                     The environment variable CI=true has the same effect.
 *   --min-images=N    also fail when the page has fewer than N <img> elements (default 0), so that a
 *                     report that silently lost its charts does not pass.
 *   --timeout=SECONDS overall limit for the whole run (default 60); when it passes the run fails (exit 1).
 *
 * Checks (any failure gives exit 1; all failures are listed, not just the first):
 *   - navigation to the file succeeded and the load event fired;
 *   - every <img> loaded: complete && naturalWidth > 0 (lazy images are switched to eager first);
 *     the ones that did not are named by their src;
 *   - no uncaught exception (Runtime.exceptionThrown), no console.error / failed console.assert
 *     (Runtime.consoleAPICalled), no error-level browser log entry (Log.entryAdded: e.g. "Failed to load
 *     resource"), no failed resource load (Network.loadingFailed, e.g. net::ERR_FILE_NOT_FOUND).
 *     Errors are seen until the screenshot is taken (load event + image check + 300 ms quiet time);
 *     an error from a timer that fires later is not seen;
 *   - nothing makes the page wider than the 1280 px window (a table or figure that a reader would have to scroll
 *     sideways for): each table, figure, pre and image that reaches past it is named with the heading above it;
 *   - a screenshot could be taken and written.
 *
 * Exit codes:
 *   0  every check passed
 *   1  a check failed, or bad arguments, or Chromium failed / timed out, or Chromium is missing while
 *      required (--require or CI=true); the message says how to install it
 *   2  Chromium is not installed and not required: the check was skipped
 *
 * How it works: starts /usr/bin/chromium (override with env BROWSER_CHECK_CHROMIUM) headless with a fresh
 * temporary profile and --remote-debugging-port=0, reads the chosen port from <profile>/DevToolsActivePort,
 * finds the page target's webSocketDebuggerUrl at http://127.0.0.1:<port>/json/list and talks the Chrome
 * DevTools Protocol over java.net.http.WebSocket. It enables Runtime, Log, Network and Page, navigates to the
 * file, waits for Page.loadEventFired, evaluates the image check with Runtime.evaluate (awaitPromise,
 * returnByValue), sizes a clip from Page.getLayoutMetrics and saves Page.captureScreenshot
 * (captureBeyondViewport) as PNG. Errors are collected from the events listed above. JSON is handled by the
 * small parser/writer at the bottom of this file. Chromium is always stopped (Browser.close, then killed with
 * its child processes if it lingers) and the temporary profile deleted, also on failures and timeouts; the
 * whole run is bounded by --timeout (60 s by default).
 */

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

public class BrowserCheck {

    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_NO_CHROMIUM = 2;

    static final int DEFAULT_TIMEOUT_SECONDS = 60;
    /** Quiet time after the image check so that errors from short timers and late loads are seen too. */
    static final long SETTLE_MILLIS = 300;
    /** Chrome cannot capture arbitrarily tall pages in one bitmap; taller pages are cut (and said so). */
    static final int MAX_SCREENSHOT_HEIGHT = 16_000;
    static final String INSTALL_HINT =
            "install Debian's package as root: apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium";

    /** Waits for every image (lazy ones made eager), then describes them; runs inside the page. */
    static final String IMAGE_CHECK_SCRIPT = """
            (async () => {
              const images = Array.from(document.images);
              for (const img of images) { if (img.loading === 'lazy') img.loading = 'eager'; }
              await Promise.all(images.map(img => img.complete ? null : new Promise(done => {
                img.addEventListener('load', done, { once: true });
                img.addEventListener('error', done, { once: true });
                setTimeout(done, 10000);
              })));
              const width = document.documentElement.clientWidth;
              const wide = Array.from(document.querySelectorAll('table, figure, pre, img'))
                .filter(e => e.getBoundingClientRect().right > width + 1)
                .map(e => {
                  let h = e.previousElementSibling;
                  while (h && !/^H[1-6]$/.test(h.tagName)) h = h.previousElementSibling;
                  return e.tagName.toLowerCase() + (e.className ? '.' + e.className.split(' ').join('.') : '')
                    + ' after "' + (h ? h.textContent.trim().slice(0, 80) : '(no heading)') + '": right edge at '
                    + Math.round(e.getBoundingClientRect().right) + ' px';
                });
              return {
                title: document.title,
                viewportWidth: width,
                pageWidth: document.documentElement.scrollWidth,
                wide: wide,
                images: images.map(img => ({
                  src: img.getAttribute('src') || '',
                  url: img.currentSrc || img.src || '',
                  complete: img.complete,
                  naturalWidth: img.naturalWidth,
                  naturalHeight: img.naturalHeight
                }))
              };
            })()
            """;

    public static void main(String[] args) {
        int exitCode;
        try {
            exitCode = run(args);
        } catch (Failure e) {
            System.out.println("BrowserCheck FAILED: " + e.getMessage());
            exitCode = EXIT_FAILED;
        } catch (RuntimeException e) {
            System.out.println("BrowserCheck FAILED: internal error");
            e.printStackTrace(System.out);
            exitCode = EXIT_FAILED;
        }
        System.exit(exitCode);
    }

    static int run(String[] args) {
        Options options = Options.parse(args);
        Path chromium = Path.of(System.getenv().getOrDefault("BROWSER_CHECK_CHROMIUM", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            if (options.required()) {
                System.out.println("BrowserCheck FAILED: Chromium is required (--require or CI=true) but "
                        + chromium + " is not installed; " + INSTALL_HINT);
                return EXIT_FAILED;
            }
            System.out.println("BrowserCheck SKIPPED: " + chromium + " is not installed; " + INSTALL_HINT);
            return EXIT_NO_CHROMIUM;
        }
        long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.timeoutSeconds());
        try (Chromium browser = Chromium.start(chromium, deadlineNanos)) {
            PageResult result = inspect(browser, options, deadlineNanos);
            return report(options, result);
        }
    }

    // ---------------------------------------------------------------- the check itself

    record ImageInfo(String src, String url, boolean complete, long naturalWidth, long naturalHeight) {
        boolean loaded() {
            return complete && naturalWidth > 0;
        }
    }

    record PageResult(String title, List<ImageInfo> images, List<String> errors,
                      String screenshotSize, String screenshotNote) {
    }

    static PageResult inspect(Chromium browser, Options options, long deadlineNanos) {
        Cdp cdp = browser.cdp();
        cdp.send("Runtime.enable", Map.of());
        cdp.send("Log.enable", Map.of());
        cdp.send("Network.enable", Map.of());
        cdp.send("Page.enable", Map.of());
        // Everything before this point belongs to about:blank; only the page under test counts.
        cdp.startRecording();

        String url = options.page().toUri().toString();
        Map<String, Object> navigation = cdp.send("Page.navigate", Map.of("url", url));
        if (navigation.get("errorText") instanceof String errorText && !errorText.isEmpty()) {
            throw new Failure("Chromium could not open " + url + ": " + errorText);
        }
        cdp.awaitLoadEvent(deadlineNanos);

        Map<String, Object> evaluation = cdp.send("Runtime.evaluate", Map.of(
                "expression", IMAGE_CHECK_SCRIPT, "awaitPromise", true, "returnByValue", true));
        if (evaluation.get("exceptionDetails") != null) {
            throw new Failure("the image check script failed in the page: " + Json.write(evaluation.get("exceptionDetails")));
        }
        // A missing value must not read as "no images": that would let a broken check pass.
        if (!(Json.object(evaluation.get("result")).get("value") instanceof Map<?, ?>)) {
            throw new Failure("the image check script returned no result: " + Json.write(evaluation.get("result")));
        }
        Map<String, Object> value = Json.object(Json.object(evaluation.get("result")).get("value"));
        String title = String.valueOf(value.get("title"));
        List<ImageInfo> images = new ArrayList<>();
        for (Object item : Json.array(value.get("images"))) {
            Map<String, Object> img = Json.object(item);
            images.add(new ImageInfo((String) img.get("src"), (String) img.get("url"),
                    Boolean.TRUE.equals(img.get("complete")),
                    ((Number) img.get("naturalWidth")).longValue(), ((Number) img.get("naturalHeight")).longValue()));
        }

        List<String> layout = new ArrayList<>();
        long viewportWidth = ceil(value.get("viewportWidth"));
        long pageWidth = ceil(value.get("pageWidth"));
        if (pageWidth > viewportWidth) {
            List<String> wide = new ArrayList<>();
            for (Object item : Json.array(value.get("wide"))) {
                wide.add(String.valueOf(item));
            }
            layout.add("the page is " + pageWidth + " px wide in a " + viewportWidth + " px window (a reader must scroll "
                    + "sideways): " + (wide.isEmpty() ? "no table, figure or image reaches past it" : String.join("; ", wide)));
        }

        sleep(SETTLE_MILLIS);
        String[] screenshot = screenshot(cdp, options.screenshot());
        // Events arrive in order on the one connection: all sent before the screenshot reply are in.
        List<String> errors = new ArrayList<>(cdp.recordedErrors());
        errors.addAll(layout);
        return new PageResult(title, images, errors, screenshot[0], screenshot[1]);
    }

    /** Captures the whole page as PNG; returns {size "WxH", note or null}. */
    static String[] screenshot(Cdp cdp, Path target) {
        Map<String, Object> metrics = cdp.send("Page.getLayoutMetrics", Map.of());
        // cssContentSize is in CSS pixels (what clip wants); older Chromium only has contentSize.
        Map<String, Object> content = Json.object(metrics.getOrDefault("cssContentSize", metrics.get("contentSize")));
        Map<String, Object> viewport = Json.object(metrics.getOrDefault("cssLayoutViewport", metrics.get("layoutViewport")));
        long width = Math.max(ceil(content.get("width")), ceil(viewport.get("clientWidth")));
        long fullHeight = Math.max(ceil(content.get("height")), 1);
        long height = Math.min(fullHeight, MAX_SCREENSHOT_HEIGHT);
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1);
        Map<String, Object> shot = cdp.send("Page.captureScreenshot", Map.of(
                "format", "png", "captureBeyondViewport", true, "clip", clip));
        byte[] png = Base64.getDecoder().decode((String) shot.get("data"));
        try {
            Path parent = target.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(target, png);
        } catch (IOException e) {
            throw new Failure("cannot write the screenshot " + target + ": " + e);
        }
        String note = height < fullHeight ? "cut at " + height + " of " + fullHeight + " CSS px" : null;
        return new String[] {width + "x" + height, note};
    }

    static long ceil(Object number) {
        return number == null ? 0 : (long) Math.ceil(((Number) number).doubleValue());
    }

    static int report(Options options, PageResult result) {
        List<String> failures = new ArrayList<>();
        List<ImageInfo> broken = result.images().stream().filter(img -> !img.loaded()).toList();
        for (ImageInfo img : broken) {
            failures.add("image did not load: " + (img.src().isEmpty() ? "(no src)" : img.src())
                    + (img.url().isEmpty() || img.url().equals(img.src()) ? "" : " (" + img.url() + ")"));
        }
        if (result.images().size() < options.minImages()) {
            failures.add("page has " + result.images().size() + " <img> elements, expected at least " + options.minImages());
        }
        failures.addAll(result.errors());

        System.out.println("BrowserCheck: " + options.page());
        System.out.println("  title:      " + result.title());
        System.out.println("  images:     " + result.images().size() + " (" + (result.images().size() - broken.size()) + " loaded)");
        System.out.println("  screenshot: " + options.screenshot() + " (" + result.screenshotSize() + " CSS px"
                + (result.screenshotNote() == null ? "" : ", " + result.screenshotNote()) + ")");
        System.out.println("  errors:     " + result.errors().size());
        for (String failure : failures) {
            System.out.println("  FAIL " + failure);
        }
        System.out.println(failures.isEmpty() ? "RESULT: OK" : "RESULT: FAILED (" + failures.size() + " problem(s))");
        return failures.isEmpty() ? EXIT_OK : EXIT_FAILED;
    }

    // ---------------------------------------------------------------- arguments

    record Options(Path page, Path screenshot, boolean required, int minImages, int timeoutSeconds) {
        static Options parse(String[] args) {
            List<String> positional = new ArrayList<>();
            boolean require = "true".equalsIgnoreCase(System.getenv("CI"));
            int minImages = 0;
            int timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
            for (String arg : args) {
                if (arg.equals("--require")) {
                    require = true;
                } else if (arg.startsWith("--min-images=")) {
                    try {
                        minImages = Integer.parseInt(arg.substring("--min-images=".length()));
                    } catch (NumberFormatException e) {
                        throw new Failure("bad argument " + arg + ": expected --min-images=<non-negative integer>");
                    }
                } else if (arg.startsWith("--timeout=")) {
                    try {
                        timeoutSeconds = Integer.parseInt(arg.substring("--timeout=".length()));
                    } catch (NumberFormatException e) {
                        throw new Failure("bad argument " + arg + ": expected --timeout=<seconds>");
                    }
                } else if (arg.startsWith("--")) {
                    throw new Failure("unknown option " + arg + "\n" + usage());
                } else {
                    positional.add(arg);
                }
            }
            if (positional.size() != 2 || minImages < 0 || timeoutSeconds <= 0) {
                throw new Failure("bad arguments\n" + usage());
            }
            Path page = Path.of(positional.get(0)).toAbsolutePath().normalize();
            if (!Files.isRegularFile(page)) {
                throw new Failure("the page " + page + " does not exist or is not a file");
            }
            return new Options(page, Path.of(positional.get(1)).toAbsolutePath().normalize(),
                    require, minImages, timeoutSeconds);
        }

        static String usage() {
            return "usage: java BrowserCheck.java <page.html> <screenshot.png> [--require] [--min-images=N] [--timeout=SECONDS]";
        }
    }

    /** A check that cannot go on; its message is shown to the user and the exit code is 1. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    // ---------------------------------------------------------------- the browser process

    static final class Chromium implements AutoCloseable {
        private final Process process;
        private final Path tempDir;
        private final Path log;
        private Cdp cdp;
        private boolean closed;

        private Chromium(Process process, Path tempDir, Path log) {
            this.process = process;
            this.tempDir = tempDir;
            this.log = log;
        }

        static Chromium start(Path executable, long deadlineNanos) {
            Path tempDir;
            try {
                tempDir = Files.createTempDirectory("browsercheck-");
            } catch (IOException e) {
                throw new Failure("cannot create a temporary directory: " + e);
            }
            Path profile = tempDir.resolve("profile");
            Path log = tempDir.resolve("chromium.log");
            List<String> command = List.of(executable.toString(),
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--disable-extensions", "--disable-crash-reporter", "--disable-breakpad",
                    // /dev/shm is small in containers; Chromium then crashes instead of using /tmp.
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    "--window-size=1280,900", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                    "--user-data-dir=" + profile, "--allow-file-access-from-files", "about:blank");
            Process process;
            try {
                // Output goes to a file: an unread pipe could fill up and block Chromium.
                process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
            } catch (IOException e) {
                deleteTree(tempDir);
                throw new Failure("cannot start " + executable + ": " + e);
            }
            Chromium chromium = new Chromium(process, tempDir, log);
            // Ctrl-C or a kill of this JVM must not leave Chromium running.
            Thread cleanup = new Thread(chromium::close, "browsercheck-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanup);
            try {
                chromium.cdp = Cdp.connect(chromium.waitForDevToolsPort(profile, deadlineNanos), deadlineNanos);
                return chromium;
            } catch (RuntimeException e) {
                chromium.close();
                throw e;
            }
        }

        Cdp cdp() {
            return cdp;
        }

        private int waitForDevToolsPort(Path profile, long deadlineNanos) {
            Path portFile = profile.resolve("DevToolsActivePort");
            while (true) {
                try {
                    List<String> lines = Files.exists(portFile) ? Files.readAllLines(portFile) : List.of();
                    if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                        return Integer.parseInt(lines.get(0).trim());
                    }
                } catch (IOException | NumberFormatException e) {
                    // The file is written while we read it: try again.
                }
                if (!process.isAlive()) {
                    throw new Failure("Chromium exited with status " + process.exitValue()
                            + " before it opened its DevTools port; its output:\n" + logTail());
                }
                if (System.nanoTime() > deadlineNanos) {
                    throw new Failure("timed out waiting for Chromium's DevTools port; its output:\n" + logTail());
                }
                sleep(50);
            }
        }

        String logTail() {
            try {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            } catch (IOException | UncheckedIOException e) {
                return "(no output: " + e + ")";
            }
        }

        @Override
        public synchronized void close() {
            if (closed) { // called again by the shutdown hook at System.exit
                return;
            }
            closed = true;
            // Snapshot the children now: once the browser process is gone they are no longer its descendants.
            List<ProcessHandle> children = process.descendants().toList();
            try {
                // A browser that closes itself also reaps its child processes; killing is the fallback.
                boolean askedToClose = cdp != null && cdp.requestBrowserClose();
                if (cdp != null) {
                    cdp.close();
                }
                if (!askedToClose || !process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroy();
                    if (!process.waitFor(2, TimeUnit.SECONDS)) {
                        process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
            children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            deleteTree(tempDir);
        }

        static void deleteTree(Path root) {
            // Children that are still dying may write a last file: try twice.
            for (int attempt = 0; attempt < 2 && Files.exists(root); attempt++) {
                try (Stream<Path> paths = Files.walk(root)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                } catch (IOException | UncheckedIOException e) {
                    // retried below
                }
                if (Files.exists(root)) {
                    sleep(200);
                }
            }
            if (Files.exists(root)) {
                System.out.println("BrowserCheck: warning: could not delete the temporary profile " + root);
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure("interrupted");
        }
    }

    // ---------------------------------------------------------------- the DevTools protocol

    /** One DevTools connection to a page target: numbered commands with replies, and recorded events. */
    static final class Cdp implements WebSocket.Listener {
        private final long deadlineNanos;
        private final AtomicInteger nextId = new AtomicInteger(1);
        private final Map<Integer, CompletableFuture<Map<String, Object>>> pending = new ConcurrentHashMap<>();
        private final CompletableFuture<Void> loadEvent = new CompletableFuture<>();
        private final CompletableFuture<Void> closed = new CompletableFuture<>();
        /** Errors in arrival order; a set because one failure often shows up identically twice. */
        private final Set<String> errors = new LinkedHashSet<>();
        private final Map<String, String> requestUrls = new ConcurrentHashMap<>();
        private final StringBuilder partial = new StringBuilder();
        private volatile boolean recording;
        private WebSocket socket;

        private Cdp(long deadlineNanos) {
            this.deadlineNanos = deadlineNanos;
        }

        static Cdp connect(int port, long deadlineNanos) {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            String webSocketUrl = pageWebSocketUrl(http, port, deadlineNanos);
            Cdp cdp = new Cdp(deadlineNanos);
            try {
                cdp.socket = http.newWebSocketBuilder()
                        .connectTimeout(Duration.ofSeconds(5))
                        .buildAsync(URI.create(webSocketUrl), cdp)
                        .get(remainingMillis(deadlineNanos), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new Failure("cannot connect to " + webSocketUrl + ": " + e.getCause());
            } catch (TimeoutException e) {
                throw new Failure("timed out (overall limit reached) connecting to " + webSocketUrl);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure("interrupted while connecting to " + webSocketUrl);
            }
            return cdp;
        }

        /** The page target Chromium opened for about:blank, from the /json/list endpoint. */
        private static String pageWebSocketUrl(HttpClient http, int port, long deadlineNanos) {
            URI list = URI.create("http://127.0.0.1:" + port + "/json/list");
            while (true) {
                try {
                    HttpResponse<String> response = http.send(
                            HttpRequest.newBuilder(list).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    for (Object target : Json.array(Json.parse(response.body()))) {
                        Map<String, Object> t = Json.object(target);
                        if ("page".equals(t.get("type")) && t.get("webSocketDebuggerUrl") instanceof String url) {
                            return url;
                        }
                    }
                } catch (IOException e) {
                    // Not listening yet: try again.
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new Failure("interrupted");
                }
                if (System.nanoTime() > deadlineNanos) {
                    throw new Failure("timed out waiting for a page target at " + list);
                }
                sleep(100);
            }
        }

        /** Sends a command and waits for its result; a protocol error or the deadline is a Failure. */
        Map<String, Object> send(String method, Map<String, Object> params) {
            int id = nextId.getAndIncrement();
            CompletableFuture<Map<String, Object>> reply = new CompletableFuture<>();
            pending.put(id, reply);
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("id", id);
            message.put("method", method);
            message.put("params", params);
            try {
                synchronized (this) { // WebSocket allows one outstanding send at a time
                    socket.sendText(Json.write(message), true).get(remainingMillis(deadlineNanos), TimeUnit.MILLISECONDS);
                }
                Map<String, Object> response = reply.get(remainingMillis(deadlineNanos), TimeUnit.MILLISECONDS);
                if (response.get("error") != null) {
                    throw new Failure(method + " failed: " + Json.write(response.get("error")));
                }
                return Json.object(response.getOrDefault("result", Map.of()));
            } catch (TimeoutException e) {
                throw new Failure("timed out (overall limit reached) waiting for " + method);
            } catch (ExecutionException e) {
                throw new Failure(method + " failed: " + e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure("interrupted during " + method);
            } finally {
                pending.remove(id);
            }
        }

        void startRecording() {
            recording = true;
        }

        void awaitLoadEvent(long deadline) {
            try {
                CompletableFuture.anyOf(loadEvent, closed).get(remainingMillis(deadline), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new Failure("timed out (overall limit reached) waiting for the page's load event");
            } catch (ExecutionException | InterruptedException e) {
                throw new Failure("waiting for the page's load event: " + e);
            }
            if (!loadEvent.isDone()) {
                throw new Failure("the DevTools connection closed before the page loaded");
            }
        }

        List<String> recordedErrors() {
            synchronized (errors) {
                return List.copyOf(errors);
            }
        }

        /** Asks Chromium to exit; true when the request went out. No reply is awaited: it may exit first. */
        boolean requestBrowserClose() {
            if (socket == null || socket.isOutputClosed()) {
                return false;
            }
            String message = Json.write(Map.of("id", nextId.getAndIncrement(), "method", "Browser.close"));
            try {
                synchronized (this) {
                    socket.sendText(message, true).get(1, TimeUnit.SECONDS);
                }
                return true;
            } catch (ExecutionException | TimeoutException | InterruptedException e) {
                return false; // the caller kills the process instead
            }
        }

        void close() {
            if (socket != null && !socket.isOutputClosed()) {
                socket.abort();
            }
        }

        private static long remainingMillis(long deadlineNanos) {
            return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
        }

        // --- WebSocket.Listener: called on the client's thread, one message at a time

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data); // large replies (screenshots) arrive in several parts
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                dispatch(Json.object(Json.parse(text)));
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            connectionLost(new Failure("DevTools connection closed (" + statusCode + " " + reason + ")"));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            connectionLost(error);
        }

        private void connectionLost(Throwable error) {
            closed.complete(null);
            pending.values().forEach(reply -> reply.completeExceptionally(error));
        }

        private void dispatch(Map<String, Object> message) {
            if (message.get("id") instanceof Number id) {
                CompletableFuture<Map<String, Object>> reply = pending.get(id.intValue());
                if (reply != null) {
                    reply.complete(message);
                }
                return;
            }
            if (recording && message.get("method") instanceof String method) {
                onEvent(method, Json.object(message.getOrDefault("params", Map.of())));
            }
        }

        private void onEvent(String method, Map<String, Object> params) {
            switch (method) {
                case "Page.loadEventFired" -> loadEvent.complete(null);
                case "Network.requestWillBeSent" -> {
                    Map<String, Object> request = Json.object(params.get("request"));
                    requestUrls.put((String) params.get("requestId"), String.valueOf(request.get("url")));
                }
                case "Network.loadingFailed" -> {
                    if (!Boolean.TRUE.equals(params.get("canceled"))) {
                        String url = requestUrls.getOrDefault((String) params.get("requestId"), "(unknown url)");
                        addError("resource failed to load: " + url + " (" + params.get("errorText") + ")");
                    }
                }
                case "Runtime.exceptionThrown" -> addError("uncaught exception: "
                        + describeException(Json.object(params.get("exceptionDetails"))));
                case "Runtime.consoleAPICalled" -> {
                    String type = String.valueOf(params.get("type"));
                    if (type.equals("error") || type.equals("assert")) {
                        addError("console." + type + ": " + describeArguments(Json.array(params.get("args")))
                                + location(params.get("stackTrace")));
                    }
                }
                case "Log.entryAdded" -> {
                    Map<String, Object> entry = Json.object(params.get("entry"));
                    if ("error".equals(entry.get("level"))) {
                        addError("browser log (" + entry.get("source") + "): " + entry.get("text")
                                + (entry.get("url") == null ? "" : " at " + entry.get("url")));
                    }
                }
                default -> {
                    // other events are not checked
                }
            }
        }

        private void addError(String error) {
            synchronized (errors) {
                errors.add(error);
            }
        }

        private static String describeException(Map<String, Object> details) {
            Map<String, Object> exception = Json.object(details.getOrDefault("exception", Map.of()));
            Object description = exception.get("description") != null ? exception.get("description") : details.get("text");
            String firstLine = String.valueOf(description).lines().findFirst().orElse("");
            String where = details.get("url") == null ? ""
                    : " at " + details.get("url") + ":" + (((Number) details.get("lineNumber")).longValue() + 1);
            return firstLine + where;
        }

        private static String describeArguments(List<Object> args) {
            List<String> parts = new ArrayList<>();
            for (Object arg : args) {
                Map<String, Object> remote = Json.object(arg);
                Object shown = remote.containsKey("value") ? remote.get("value") : remote.get("description");
                parts.add(String.valueOf(shown));
            }
            return String.join(" ", parts);
        }

        private static String location(Object stackTrace) {
            if (stackTrace == null) {
                return "";
            }
            List<Object> frames = Json.array(Json.object(stackTrace).get("callFrames"));
            if (frames.isEmpty()) {
                return "";
            }
            Map<String, Object> top = Json.object(frames.get(0));
            return " at " + top.get("url") + ":" + (((Number) top.get("lineNumber")).longValue() + 1);
        }
    }

    // ---------------------------------------------------------------- minimal JSON

    /**
     * Just enough JSON for the DevTools protocol: objects become LinkedHashMap, arrays List, numbers Long
     * (integral) or Double, plus String, Boolean and null.
     */
    static final class Json {
        private final String text;
        private int pos;

        private Json(String text) {
            this.text = text;
        }

        static Object parse(String text) {
            Json parser = new Json(text);
            Object value = parser.value();
            parser.skipWhitespace();
            if (parser.pos != text.length()) {
                throw parser.error("trailing characters");
            }
            return value;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(Object value) {
            if (value == null) {
                return Map.of();
            }
            if (value instanceof Map<?, ?> map) {
                return (Map<String, Object>) map;
            }
            throw new Failure("unexpected DevTools reply: expected a JSON object, got " + write(value));
        }

        @SuppressWarnings("unchecked")
        static List<Object> array(Object value) {
            if (value == null) {
                return List.of();
            }
            if (value instanceof List<?> list) {
                return (List<Object>) list;
            }
            throw new Failure("unexpected DevTools reply: expected a JSON array, got " + write(value));
        }

        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        private static void write(Object value, StringBuilder out) {
            if (value == null || value instanceof Boolean || value instanceof Number) {
                out.append(value);
            } else if (value instanceof String s) {
                writeString(s, out);
            } else if (value instanceof Map<?, ?> map) {
                out.append('{');
                String separator = "";
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(separator);
                    writeString(String.valueOf(entry.getKey()), out);
                    out.append(':');
                    write(entry.getValue(), out);
                    separator = ",";
                }
                out.append('}');
            } else if (value instanceof List<?> list) {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    write(list.get(i), out);
                }
                out.append(']');
            } else {
                throw new IllegalArgumentException("cannot write " + value.getClass() + " as JSON");
            }
        }

        private static void writeString(String s, StringBuilder out) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        private Object value() {
            skipWhitespace();
            if (pos >= text.length()) {
                throw error("unexpected end");
            }
            char c = text.charAt(pos);
            return switch (c) {
                case '{' -> parseObject();
                case '[' -> parseArray();
                case '"' -> parseString();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> parseNumber();
            };
        }

        private Map<String, Object> parseObject() {
            Map<String, Object> map = new LinkedHashMap<>();
            pos++; // {
            skipWhitespace();
            if (peek() == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipWhitespace();
                String key = parseString();
                skipWhitespace();
                expect(':');
                map.put(key, value());
                skipWhitespace();
                if (peek() == ',') {
                    pos++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }

        private List<Object> parseArray() {
            List<Object> list = new ArrayList<>();
            pos++; // [
            skipWhitespace();
            if (peek() == ']') {
                pos++;
                return list;
            }
            while (true) {
                list.add(value());
                skipWhitespace();
                if (peek() == ',') {
                    pos++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }

        private String parseString() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(pos++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = text.charAt(pos++);
                switch (escaped) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> out.append(escaped); // \" \\ \/
                }
            }
        }

        private Object parseNumber() {
            int start = pos;
            while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
            String number = text.substring(start, pos);
            if (number.isEmpty()) {
                throw error("unexpected character '" + text.charAt(pos) + "'");
            }
            try {
                if (number.matches("-?\\d{1,18}")) {
                    return Long.parseLong(number);
                }
                return Double.parseDouble(number);
            } catch (NumberFormatException e) {
                throw error("bad number " + number);
            }
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, pos)) {
                throw error("expected " + word);
            }
            pos += word.length();
            return value;
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private void skipWhitespace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private Failure error(String problem) {
            String excerpt = text.substring(Math.max(0, pos - 40), Math.min(text.length(), pos + 40));
            return new Failure("unreadable DevTools JSON at character " + pos + ": " + problem + " near: " + excerpt);
        }
    }
}
