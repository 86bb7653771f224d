package dev.factored.run;

import dev.factored.analysis.AnalysisOptions;
import dev.factored.run.jmh.Timing;
import dev.factored.run.settings.AnalysisSettings;
import dev.factored.run.settings.Budget;
import dev.factored.run.settings.Defaults;
import dev.factored.run.settings.Preset;
import dev.factored.run.settings.RunOrder;
import dev.factored.run.settings.ShareForks;
import dev.factored.run.settings.Spelling;
import java.util.List;

/**
 * A run's settings, parsed and checked: what JMH runs, in which order, for how long, and how the result is analysed.
 * Front ends fill a {@link Builder} by name with the values as given (null or blank: the default, {@link Defaults}).
 *
 * @param jmh             the JMH command line's settings
 * @param order           rounds or JMH's order
 * @param shareForks      which configurations of a family are measured in turn inside one fork, as given (JMH's
 *                        order shares none: only the rounds runner runs a turn)
 * @param seed            the seed of the rounds' shuffle (unused in JMH's order)
 * @param budget          how long the run may measure and how precise it aims to be (rounds only)
 * @param profilerOptions options of the profiler, or null
 * @param analysis        how the result is analysed (bounds projected how far, the disturbance threshold)
 * @param verbose         also log JMH's full output
 */
public record RunSettings(JmhSettings jmh, RunOrder order, ShareForks shareForks, long seed, Budget budget, String profilerOptions,
                          AnalysisOptions analysis, boolean verbose) {

    public static Builder builder() {
        return new Builder();
    }

    /** The settings by name, as the front end received them. */
    public static final class Builder {
        private String cores;
        private List<String> includes = List.of();
        private List<String> excludes = List.of();
        private String preset;
        private Integer forks;
        private Integer warmupIterations;
        private String warmupTime;
        private Integer measurementIterations;
        private String measurementTime;
        private String params;
        private List<String> jmhArguments = List.of();
        private String order;
        private String shareForks;
        private Long seed;
        private String budget;
        private String precision;
        private String profilerOptions;
        private boolean verbose;
        private AnalysisOptions analysis = AnalysisOptions.DEFAULT;

        private Builder() {
        }

        public Builder cores(String value) {
            cores = value;
            return this;
        }

        public Builder includes(List<String> value) {
            includes = value;
            return this;
        }

        public Builder excludes(List<String> value) {
            excludes = value;
            return this;
        }

        public Builder preset(String value) {
            preset = value;
            return this;
        }

        public Builder forks(Integer value) {
            forks = value;
            return this;
        }

        public Builder warmupIterations(Integer value) {
            warmupIterations = value;
            return this;
        }

        public Builder warmupTime(String value) {
            warmupTime = value;
            return this;
        }

        public Builder measurementIterations(Integer value) {
            measurementIterations = value;
            return this;
        }

        public Builder measurementTime(String value) {
            measurementTime = value;
            return this;
        }

        public Builder params(String value) {
            params = value;
            return this;
        }

        public Builder jmhArguments(List<String> value) {
            jmhArguments = value;
            return this;
        }

        public Builder order(String value) {
            order = value;
            return this;
        }

        public Builder shareForks(String value) {
            shareForks = value;
            return this;
        }

        public Builder seed(Long value) {
            seed = value;
            return this;
        }

        public Builder budget(String value) {
            budget = value;
            return this;
        }

        public Builder precision(String value) {
            precision = value;
            return this;
        }

        public Builder profilerOptions(String value) {
            profilerOptions = value;
            return this;
        }

        public Builder verbose(boolean value) {
            verbose = value;
            return this;
        }

        /** From {@link AnalysisSettings#options()}, checked. */
        public Builder analysis(AnalysisOptions value) {
            analysis = value;
            return this;
        }

        /**
         * The settings, parsed and checked.
         *
         * @throws IllegalArgumentException naming the setting as the front end spells it, and the problem
         */
        public RunSettings build(Spelling spelling) {
            Timing timing = new Timing(Preset.parse(preset, spelling), forks, warmupIterations, warmupTime,
                    measurementIterations, measurementTime);
            RunOrder runOrder = RunOrder.parse(order, spelling);
            ShareForks share = ShareForks.parse(shareForks, spelling);
            // A turn needs the rounds runner, which multiplies a turn's iteration counts by its members; JMH's Main
            // would split one fork's iterations among them.
            JmhSettings jmh = JmhSettings.of(cores, includes, excludes, timing, params, jmhArguments,
                    runOrder == RunOrder.ROUNDS ? share : ShareForks.NONE, spelling);
            return new RunSettings(jmh, runOrder, share, seed == null ? SuiteRun.freshSeed() : seed,
                    Budget.of(timing.preset(), budget, precision), profilerOptions, analysis, verbose);
        }
    }
}
