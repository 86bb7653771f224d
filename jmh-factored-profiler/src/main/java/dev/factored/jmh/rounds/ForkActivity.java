package dev.factored.jmh.rounds;

import dev.factored.contract.ActivityLog;
import dev.factored.jmh.profiler.ProfilerHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;

/**
 * Which activity side files ({@link ActivityLog}) each fork of a rounds run wrote, so that a fork a later round
 * replaces takes its file with it: the analysis reads every file in the directory, and a replaced fork's would still
 * feed the idle split and the timeline of its configuration. The forks of a rounds run run one after the other, so a
 * file that appears while a fork runs is that fork's. A file is named after the fork's process, which the JMH JSON
 * does not carry: the rounds host is the one place that can tell.
 *
 * @param <F> what a fork is known by (JMH's result of the fork)
 */
final class ForkActivity<F> {

    private final Supplier<Collection<Path>> directories;
    private final Map<F, List<Path>> files = new IdentityHashMap<>();
    private final Set<Path> seen = new HashSet<>();
    private long started;

    /** @param directories where forks write their activity files (known once the profiler has set up a fork) */
    ForkActivity(Supplier<Collection<Path>> directories) {
        this.directories = directories;
    }

    /** The directories of this host JVM: the profiler's and the {@code factored.activity} property's. */
    static <F> ForkActivity<F> ofThisHost() {
        return new ForkActivity<>(() -> {
            Set<Path> all = new LinkedHashSet<>(ProfilerHost.activityDirectories());
            String property = System.getProperty(ActivityLog.PROPERTY);
            if (property != null && !property.isBlank()) {
                all.add(Path.of(property).toAbsolutePath());
            }
            return all;
        });
    }

    /** A fork is about to start: the files there now are earlier forks' (or an earlier run's). */
    void starting() {
        seen.addAll(list());
        started = System.currentTimeMillis();
    }

    /**
     * The forks that just ran (one, in a rounds run) wrote the files that appeared since {@link #starting}; with
     * several, the files go to the first, as JMH would have run them in one JVM each but this host cannot tell.
     */
    void ran(Collection<F> forks) {
        List<Path> fresh = new ArrayList<>();
        for (Path file : list()) {
            if (seen.add(file) && modifiedSince(file, started)) {
                fresh.add(file);
            }
        }
        if (!forks.isEmpty() && !fresh.isEmpty()) {
            files.computeIfAbsent(forks.iterator().next(), f -> new ArrayList<>()).addAll(fresh);
        }
    }

    /**
     * A later fork replaced {@code fork} (nothing when null): its activity files are deleted, so nothing reads them.
     * Returns the files that could not be deleted, for the runner to say so.
     */
    List<String> replaced(F fork) {
        if (fork == null) {
            return List.of();
        }
        List<String> kept = new ArrayList<>();
        for (Path file : files.getOrDefault(fork, List.of())) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                kept.add(file.toString());
            }
        }
        files.remove(fork);
        return kept;
    }

    /** JMH's results of the forks of one run of the runner, in its order. */
    static List<BenchmarkResult> forks(Collection<RunResult> run) {
        List<BenchmarkResult> forks = new ArrayList<>();
        run.forEach(r -> forks.addAll(r.getBenchmarkResults()));
        return forks;
    }

    /** The files a fork wrote (for its tests and messages). */
    List<Path> of(F fork) {
        return List.copyOf(files.getOrDefault(fork, List.of()));
    }

    private List<Path> list() {
        List<Path> all = new ArrayList<>();
        for (Path directory : directories.get()) {
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> list = Files.list(directory)) {
                list.filter(f -> f.getFileName().toString().endsWith(ActivityLog.SUFFIX)).forEach(all::add);
            } catch (IOException e) {
                // unreadable now: its files are attributed when it can be listed again, or never (then none is dropped)
            }
        }
        return all;
    }

    private static boolean modifiedSince(Path file, long millis) {
        try {
            // a file system's clock may round to whole seconds
            return Files.getLastModifiedTime(file).toMillis() >= millis - 2000;
        } catch (IOException e) {
            return false;
        }
    }
}
