package dev.factored.run.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The run goal's {@code params}: benchmark params to restrict, {@code threshold=1,100;size=1000}, passed to
 * JMH as {@code -p threshold=1,100 -p size=1000}. Pure.
 *
 * <p>Why a String with its own syntax: Maven splits a list parameter given as a property at every comma, so
 * {@code -p threshold=1,100} cannot get through {@code -Dfactored.jmhArguments} in one piece. Here {@code ;}
 * separates the params and {@code ,} stays inside one param's values, as in JMH's own {@code -p}.
 *
 * @param entries the params, in the order given
 */
public record Params(List<Param> entries) {

    /**
     * One param and its values.
     *
     * @param name   the {@code @Param} field's name
     * @param values its values, in order
     */
    public record Param(String name, List<String> values) {

        public Param {
            values = List.copyOf(values);
        }

        /** The value of JMH's {@code -p}: {@code threshold=1,100}. */
        String argument() {
            return name + "=" + String.join(",", values);
        }
    }

    public static final Params NONE = new Params(List.of());

    public Params {
        entries = List.copyOf(entries);
    }

    /**
     * Parses {@code name=v1,v2;name2=v3}. Whitespace around {@code ;}, {@code =} and {@code ,} is dropped;
     * empty pieces between semicolons are ignored; null or blank text gives {@link #NONE}.
     *
     * @throws IllegalArgumentException naming the piece that is wrong: a name that is not a Java identifier,
     *                                  an empty value, {@code cores}, or a param given twice
     */
    public static Params parse(String text, Spelling spelling) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Param> entries = new ArrayList<>();
        for (String raw : text.split(";", -1)) {
            String piece = raw.strip();
            if (piece.isEmpty()) {
                continue;
            }
            int eq = piece.indexOf('=');
            if (eq < 0) {
                throw error(spelling, text, piece, "has no '=': give name=values");
            }
            String name = piece.substring(0, eq).strip();
            if (name.isEmpty()) {
                throw error(spelling, text, piece, "has no name before '='");
            }
            if (!isJavaIdentifier(name)) {
                throw error(spelling, text, piece, "names the param '" + name + "', which is not a Java identifier (the name"
                        + " of a @Param field)");
            }
            if (name.equals("cores")) {
                throw error(spelling, text, piece, "sets cores: give the configurations with "
                        + spelling.where(Setting.CORES));
            }
            if (entries.stream().anyMatch(p -> p.name.equals(name))) {
                throw error(spelling, text, piece, "gives the param '" + name + "' a second time: list all its values once,"
                        + " comma-separated");
            }
            List<String> values = new ArrayList<>();
            for (String value : piece.substring(eq + 1).split(",", -1)) {
                if (value.isBlank()) {
                    throw error(spelling, text, piece, "has an empty value for '" + name + "'");
                }
                values.add(value.strip());
            }
            entries.add(new Param(name, values));
        }
        return new Params(entries);
    }

    /** Whether a name can be a {@code @Param} field's. */
    public static boolean isJavaIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int c = 1; c < name.length(); c++) {
            if (!Character.isJavaIdentifierPart(name.charAt(c))) {
                return false;
            }
        }
        return true;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** True when a param of this name is given. */
    public boolean has(String name) {
        return entries.stream().anyMatch(p -> p.name.equals(name));
    }

    /** {@code -p threshold=1,100 -p size=1000}, one element each. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        for (Param param : entries) {
            args.add("-p");
            args.add(param.argument());
        }
        return args;
    }

    /** {@code threshold=1,100;size=1000}: the property's own syntax, normalised. */
    public String describe() {
        return entries.stream().map(Param::argument).collect(Collectors.joining(";"));
    }

    private static IllegalArgumentException error(Spelling spelling, String text, String piece, String problem) {
        return new IllegalArgumentException(spelling.name(Setting.PARAMS) + " \"" + text + "\": '" + piece + "' "
                + problem + "; the syntax is name=v1,v2;name2=v3, e.g. "
                + spelling.typed(Setting.PARAMS, "\"threshold=1,100;size=1000\""));
    }
}
