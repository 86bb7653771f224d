package dev.factored.run.settings;

import java.util.Locale;

/** A setting that is one of an enum's constants, by name in any letter case: the one parse rule of them all. */
final class Choice {

    private Choice() {
    }

    /**
     * The constant named (blanks around it ignored); null or blank is {@code byDefault}.
     *
     * @param setting what the error calls the setting, e.g. {@code preset}
     * @param choices the accepted values in words, for the error
     * @param where   how the user gave it ({@link Spelling#where})
     * @throws IllegalArgumentException {@code unknown <setting> '<name>': use <choices> (<where>)}
     */
    static <E extends Enum<E>> E parse(Class<E> type, String name, E byDefault, String setting, String choices,
            String where) {
        if (name == null || name.isBlank()) {
            return byDefault;
        }
        try {
            return Enum.valueOf(type, name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown " + setting + " '" + name + "': use " + choices + " (" + where
                    + ")");
        }
    }
}
