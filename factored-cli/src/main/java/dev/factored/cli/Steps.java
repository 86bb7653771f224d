package dev.factored.cli;

import dev.factored.run.SuiteRun;

/** A call into factored-run, whose failures are this command line's bad input (exit 2), said in its message. */
final class Steps {

    /** A step of factored-run. */
    interface Step<T> {
        T run() throws SuiteRun.Failed, SuiteRun.Broken;
    }

    private Steps() {
    }

    static <T> T run(Step<T> step) throws BadInputException {
        try {
            return step.run();
        } catch (SuiteRun.Failed | SuiteRun.Broken | IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
