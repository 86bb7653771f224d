package dev.factored.maven;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The run settings a user varies from the command line, where {@code -Dfactored.x=…} wins over the POM's
 * {@code <x>} (Maven's own rule is the other way round: a POM value silently hides the property). Each value is
 * resolved from the user properties, the POM's value, or the default, and remembers where it came from, so that the
 * run goal can log what it used. Maven-free: the user properties come in as a map.
 */
final class CommandLineWins {

    /** The settings resolved so far, in order, each with its source; printed as one log line. */
    private final List<String> used = new ArrayList<>();
    private final Map<String, String> userProperties;

    CommandLineWins(Map<String, String> userProperties) {
        this.userProperties = Map.copyOf(userProperties);
    }

    /** From Maven's user properties (null: none), each key and value as text. */
    static CommandLineWins of(java.util.Properties userProperties) {
        Map<String, String> user = new java.util.HashMap<>();
        if (userProperties != null) {
            userProperties.forEach((k, v) -> user.put(String.valueOf(k), String.valueOf(v)));
        }
        return new CommandLineWins(user);
    }

    /**
     * {@code factored.<name>} from the command line if given, else the POM's (or Maven's default) value.
     *
     * @param pomValue     what Maven injected: the POM's value, the property's when the POM has none, or the default
     * @param defaultValue the parameter's default, to tell a POM value from it; null when it has none
     */
    String string(String name, String pomValue, String defaultValue) {
        String property = userProperties.get("factored." + name);
        if (property != null) {
            String from = pomValue != null && !pomValue.equals(property) && !pomValue.equals(defaultValue)
                    ? "command line, over the POM's " + pomValue : "command line";
            used.add(name + "=" + property + " (" + from + ")");
            return property;
        }
        if (pomValue != null) {
            used.add(name + "=" + pomValue + (pomValue.equals(defaultValue) ? " (default)" : " (POM)"));
        }
        return pomValue;
    }

    /** As {@link #string}, parsed as a whole number; a bad command-line value names the property. */
    Integer integer(String name, Integer pomValue) {
        String value = string(name, pomValue == null ? null : pomValue.toString(), null);
        try {
            return value == null ? null : Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("factored." + name + "=" + value + " is not a whole number");
        }
    }

    /** As {@link #integer}, for a long. */
    Long whole(String name, Long pomValue) {
        String value = string(name, pomValue == null ? null : pomValue.toString(), null);
        try {
            return value == null ? null : Long.valueOf(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("factored." + name + "=" + value + " is not a whole number");
        }
    }

    /** As {@link #string}, for a list the command line gives comma-separated (Maven's rule for list properties). */
    List<String> list(String name, List<String> pomValue) {
        String joined = pomValue == null || pomValue.isEmpty() ? null : String.join(",", pomValue);
        String value = string(name, joined, null);
        return value == null ? pomValue : Arrays.asList(value.split(","));
    }

    /** e.g. {@code cores=1,2 (command line, over the POM's 1,2,4), preset=quick (POM)}; empty when nothing was set. */
    String summary() {
        return String.join(", ", used);
    }
}
