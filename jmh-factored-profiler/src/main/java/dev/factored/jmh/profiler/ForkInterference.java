package dev.factored.jmh.profiler;

import dev.factored.jmh.machine.Interference;
import dev.factored.jmh.machine.ThreadPinning;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The machine's counters of a fork ({@link Interference}), over the CPUs its program runs on: one reader per placement
 * of its threads, opened on first use and kept, so that a turn's fork ({@code cores=1+2}) reads each iteration over
 * its member's CPUs, as the member's own fork would. A reader that cannot be opened is said once; one that fails to
 * read ends the figures for the rest of the fork.
 */
final class ForkInterference {

    private final Consumer<String> warn;
    /** By the program's CPUs and whether the JVM's threads are apart; a null value: it could not be opened. */
    private final Map<String, Interference> readers = new HashMap<>();
    private Interference current;
    private boolean warnedOpen;
    private boolean failed;

    ForkInterference(Consumer<String> warn) {
        this.warn = warn;
    }

    /** The counters at an iteration's start, over where {@code pinning} puts the program; null when none. */
    Interference.Reading start(ThreadPinning pinning, String benchmark) {
        String key = pinning == null ? "" : pinning.measured() + (pinning.apart() ? " apart" : " together");
        if (!readers.containsKey(key)) {
            StringBuilder why = new StringBuilder();
            Interference opened = failed ? null : Interference.openOrWhy(pinning, why);
            readers.put(key, opened);
            if (opened == null && !failed && !warnedOpen) {
                warnedOpen = true;
                warn.accept(benchmark + ": no interference figures (what other processes took from the fork's "
                        + "CPUs): " + why + ". A busy machine cannot be told from a slow program in this run.");
            }
        }
        current = readers.get(key);
        return read(benchmark);
    }

    /** The counters at the iteration's end, of the reader its start read; null when none. */
    Interference.Reading end(String benchmark) {
        return read(benchmark);
    }

    /** The CPUs the current reader covers; 0 when none. */
    int cpuCount() {
        return current == null ? 0 : current.cpuCount();
    }

    /** Forgets every reader: the threads are placed otherwise from here on (their placement was given up). */
    void reopen() {
        readers.clear();
        current = null;
    }

    private Interference.Reading read(String benchmark) {
        if (current == null || failed) {
            return null;
        }
        try {
            return current.read();
        } catch (IOException | RuntimeException e) {
            warn.accept(benchmark + ": cannot read the interference counters (" + e
                    + "); no interference figures from here on in this fork.");
            failed = true;
            readers.replaceAll((k, v) -> null);
            current = null;
            return null;
        }
    }
}
