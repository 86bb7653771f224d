package dev.factored.maven;

import dev.factored.run.RunLog;
import org.apache.maven.plugin.logging.Log;

/** Maven's log as a {@link RunLog}. */
record MavenRunLog(Log log) implements RunLog {

    @Override
    public void debug(String message) {
        log.debug(message);
    }

    @Override
    public void info(String message) {
        log.info(message);
    }

    @Override
    public void warn(String message) {
        log.warn(message);
    }
}
