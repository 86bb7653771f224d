package dev.factored.cli;

/** Input the command cannot use; the message names the file and what is wrong. Exit code 2. */
final class BadInputException extends Exception {

    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
