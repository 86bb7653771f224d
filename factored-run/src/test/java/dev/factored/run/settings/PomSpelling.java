package dev.factored.run.settings;

/** The Maven goals' spelling, as the plugin's MavenSpelling writes it, for the messages' tests. */
public enum PomSpelling implements Spelling {
    INSTANCE;

    @Override
    public String where(Setting setting) {
        return "<" + setting.key() + "> or -Dfactored." + setting.key();
    }

    @Override
    public String withValue(Setting setting, String value) {
        return "<" + setting.key() + ">" + value + "</" + setting.key() + "> (" + typed(setting, value) + ")";
    }

    @Override
    public String typed(Setting setting, String value) {
        return "-Dfactored." + setting.key() + "=" + value;
    }

    @Override
    public String name(Setting setting) {
        return setting.key();
    }

    @Override
    public String makeAnalysis() {
        return "run factored:run first";
    }

    @Override
    public String listSplitting() {
        return " Maven splits a list parameter given as a property at every comma:"
                + " -Dfactored.jmhArguments=-p,threshold=1,100 arrives as '-p', 'threshold=1', '100'."
                + " Give params with the params property instead, which keeps commas:"
                + " -Dfactored.params=\"threshold=1,100;size=1000\" (or <params> in the POM); other values"
                + " with commas need the POM, one <jmhArgument> per element. Benchmark patterns do not belong"
                + " in jmhArguments: select benchmarks with <includes> or -Dfactored.includes.";
    }
}
