package dev.factored.cli;

import dev.factored.run.RunLog;

/** The run's and the check's messages on stderr, where the CLI says everything but topology. */
enum StderrLog implements RunLog {
    INSTANCE;

    @Override
    public void debug(String message) {
        // the argfile's name and such: the files under the output directory show them
    }

    @Override
    public void info(String message) {
        System.err.println(message);
    }

    @Override
    public void warn(String message) {
        System.err.println("warning: " + message);
    }
}
