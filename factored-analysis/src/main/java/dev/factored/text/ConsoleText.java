package dev.factored.text;

/**
 * Console and log text, written in order by the one builder that escapes: every text it is given goes through
 * {@link Untrusted#console}, so a benchmark name, a param or a message read from JMH cannot carry terminal escapes,
 * line breaks or bidirectional overrides into the build log, and no call site has an escaping call to forget.
 *
 * <p>The console has no markup, so there is no way in for text that is not escaped: fixed words go through
 * {@link #text} too (escaping changes nothing in them), and the one piece of structure, the line break, has its own
 * method ({@link #line}). The gate's table, the run's lines and the command line's messages are written with it; it
 * lives beside {@link Untrusted} because each of those modules depends on this one.
 *
 * <p>It writes exactly what it is told, in order, so that a line stays the same byte for byte whichever way it is
 * built.
 */
public final class ConsoleText {

    private final StringBuilder out = new StringBuilder();

    /** Text, escaped: untrusted or not, it is shown as written on one line. */
    public static ConsoleText of(String text) {
        return new ConsoleText().text(text);
    }

    /** Text, escaped: untrusted or not, it is shown as written on one line ({@code null} writes nothing). */
    public ConsoleText text(String text) {
        out.append(Untrusted.console(text));
        return this;
    }

    /** A number as text (nothing to escape). */
    public ConsoleText text(long number) {
        out.append(number);
        return this;
    }

    /** A line break: the only control character this builder writes. */
    public ConsoleText line() {
        out.append('\n');
        return this;
    }

    /** What another builder wrote: text that was escaped as it was built. */
    public ConsoleText append(ConsoleText other) {
        out.append(other.out);
        return this;
    }

    /**
     * Removes the white space at the end of what is written so far ({@link String#stripTrailing}: a padded line whose
     * last cells are empty ends at its text). What is left is still escaped: nothing is added.
     */
    public ConsoleText stripTrailing() {
        out.setLength(out.toString().stripTrailing().length());
        return this;
    }

    /** How many UTF-16 units the text written so far has (what a table pads to). */
    public int length() {
        return out.length();
    }

    /** The text written so far. */
    @Override
    public String toString() {
        return out.toString();
    }
}
