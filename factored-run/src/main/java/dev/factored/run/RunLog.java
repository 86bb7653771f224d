package dev.factored.run;

/**
 * Where the run's and the analysis's messages go, Maven-free: the goals hand over Maven's log
 * ({@link MavenRunLog}), a test or another front end its own.
 */
public interface RunLog {

    void debug(String message);

    void info(String message);

    void warn(String message);
}
