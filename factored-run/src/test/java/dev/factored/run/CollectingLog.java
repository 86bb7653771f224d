package dev.factored.run;

import java.util.List;

/** A run log for tests: keeps the lines it is given, the debug ones only when asked to. */
final class CollectingLog implements RunLog {

    private final List<String> lines;
    private final boolean withDebug;

    private CollectingLog(List<String> lines, boolean withDebug) {
        this.lines = lines;
        this.withDebug = withDebug;
    }

    /** A log that adds its info and warning lines to {@code lines}, and its debug lines too when {@code withDebug}. */
    static RunLog into(List<String> lines, boolean withDebug) {
        return new CollectingLog(lines, withDebug);
    }

    @Override
    public void debug(String message) {
        if (withDebug) {
            lines.add(message);
        }
    }

    @Override
    public void info(String message) {
        lines.add(message);
    }

    @Override
    public void warn(String message) {
        lines.add(message);
    }
}
