package dev.factored.run.settings;

/**
 * How a front end writes a {@link Setting} in a message: the Maven goals as {@code <preset> or -Dfactored.preset}, the
 * command line as {@code --preset}. The front end passes its spelling in; factored-run's messages name settings only
 * through it, so no front end rewrites a message after the fact.
 */
public interface Spelling {

    /** Where the setting is given, e.g. {@code <preset> or -Dfactored.preset}, {@code --preset}. */
    String where(Setting setting);

    /** The setting with a value, e.g. {@code <order>jmh</order> (-Dfactored.order=jmh)}, {@code --order jmh}. */
    String withValue(Setting setting, String value);

    /** The setting as typed on a command line, e.g. {@code -Dfactored.params="a=1"}, {@code --params "a=1"}. */
    String typed(Setting setting, String value);

    /** The setting as the subject of a message, e.g. {@code jmhArguments}, {@code --jmh}. */
    String name(Setting setting);

    /** What to do when there is no analysis to check, e.g. {@code write it with 'factored analyze'}. */
    String makeAnalysis();

    /**
     * What to say after a mistake in the JMH arguments that may come from the front end splitting a list at its
     * commas (Maven does, for a list given as a property); empty when the front end splits nothing.
     */
    String listSplitting();
}
