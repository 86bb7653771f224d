package dev.factored.cli;

import dev.factored.run.settings.Setting;
import dev.factored.run.settings.Spelling;

/** The settings as this command line names them: {@code --preset}, {@code --jmh}, the include patterns. */
enum CliSpelling implements Spelling {
    INSTANCE;

    @Override
    public String where(Setting setting) {
        return switch (setting) {
            case INCLUDES -> "the include patterns";
            case EXCLUDES -> "--exclude";
            case JMH_ARGUMENTS -> "--jmh";
            default -> "--" + setting.key();
        };
    }

    @Override
    public String withValue(Setting setting, String value) {
        return where(setting) + " " + value;
    }

    /** A switch is given without a value: {@code --updateBaseline}. */
    @Override
    public String typed(Setting setting, String value) {
        return "true".equals(value) ? where(setting) : withValue(setting, value);
    }

    @Override
    public String name(Setting setting) {
        return where(setting);
    }

    @Override
    public String makeAnalysis() {
        return "write it with 'factored analyze'";
    }

    /** Nothing here splits a value at its commas. */
    @Override
    public String listSplitting() {
        return "";
    }
}
