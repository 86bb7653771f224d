package dev.factored.analysis.input;

/**
 * Input that cannot be analysed: a JMH result or analysis file that is malformed, truncated, or lacks
 * what the method needs. The message names the file, the entry (index and benchmark when known) and
 * what is wrong, so that it can be shown to the user as it is.
 */
public class AnalysisInputException extends Exception {

    private static final long serialVersionUID = 1L;

    public AnalysisInputException(String message) {
        super(message);
    }

    public AnalysisInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
