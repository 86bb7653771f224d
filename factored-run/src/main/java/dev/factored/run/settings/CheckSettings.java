package dev.factored.run.settings;

import dev.factored.gate.BaselineUpdate;
import dev.factored.gate.GateConfig;
import dev.factored.gate.rules.Rule;
import dev.factored.gate.terms.Ratios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the gate checks and where its outputs go, parsed and checked. Front ends fill a {@link Builder} by name with
 * the values as given (defaults: {@link Defaults}).
 *
 * @param analysis        the analysis.json to judge
 * @param baseline        an earlier analysis (or a baseline of runs) to compare with, or to write; or null
 * @param updateBaseline  record this run into the baseline instead of comparing with it
 * @param baselineRuns    how many runs the updated baseline keeps
 * @param config          the rules and thresholds
 * @param outputDirectory where check.json, summary.md and the exports go
 */
public record CheckSettings(Path analysis, Path baseline, boolean updateBaseline, int baselineRuns, GateConfig config,
                            Path outputDirectory) {

    public static Builder builder() {
        return new Builder();
    }

    /** The gate's settings by name, as the front end received them. */
    public static final class Builder {
        private Path analysis;
        private Path outputDirectory;
        private Path baseline;
        private boolean updateBaseline;
        private int baselineRuns = Integer.parseInt(Defaults.BASELINE_RUNS);
        private List<RuleSpec> rules = List.of();
        private String tolerance = Defaults.TOLERANCE;
        private String assumedNoise = Defaults.ASSUMED_NOISE;
        private String alpha = Defaults.ALPHA;
        private boolean failOnMissing;
        private boolean allowDifferentEnvironment;
        private boolean failOnInconclusive;

        private Builder() {
        }

        public Builder analysis(Path value) {
            analysis = value;
            return this;
        }

        public Builder outputDirectory(Path value) {
            outputDirectory = value;
            return this;
        }

        public Builder baseline(Path value) {
            baseline = value;
            return this;
        }

        public Builder updateBaseline(boolean value) {
            updateBaseline = value;
            return this;
        }

        public Builder baselineRuns(int value) {
            baselineRuns = value;
            return this;
        }

        /** null: none. */
        public Builder rules(List<RuleSpec> value) {
            rules = value == null ? List.of() : value;
            return this;
        }

        /** A ratio, {@code 0.1} or {@code 10%}. */
        public Builder tolerance(String value) {
            tolerance = value;
            return this;
        }

        /** A ratio, {@code 0.1} or {@code 10%}. */
        public Builder assumedNoise(String value) {
            assumedNoise = value;
            return this;
        }

        /** A probability, {@code 0.01} or {@code 1%}: the family-wise false-alarm rate. */
        public Builder alpha(String value) {
            alpha = value;
            return this;
        }

        public Builder failOnMissing(boolean value) {
            failOnMissing = value;
            return this;
        }

        public Builder allowDifferentEnvironment(boolean value) {
            allowDifferentEnvironment = value;
            return this;
        }

        public Builder failOnInconclusive(boolean value) {
            failOnInconclusive = value;
            return this;
        }

        /**
         * The settings, checked: a baseline to update is named, every rule is valid (a wrong one is named by its place
         * in the list), the baseline keeps 1 run or more, the ratios are ratios.
         *
         * @throws IllegalArgumentException naming the setting as the front end spells it, and the problem
         */
        public CheckSettings build(Spelling spelling) {
            if (updateBaseline && baseline == null) {
                throw new IllegalArgumentException(spelling.typed(Setting.UPDATE_BASELINE, "true") + " needs "
                        + spelling.where(Setting.BASELINE) + ", the file to write; none is set");
            }
            List<Rule> parsed = new ArrayList<>();
            for (int i = 0; i < rules.size(); i++) {
                RuleSpec rule = rules.get(i);
                try {
                    parsed.add(rule.toRule());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(spelling.name(Setting.RULE) + " " + (i + 1) + " of "
                            + rules.size() + (rule.text() == null ? "" : " ('" + rule.text() + "')") + ": "
                            + e.getMessage(), e);
                }
            }
            BaselineUpdate.requireRuns(baselineRuns);
            GateConfig config = new GateConfig(parsed, Ratios.parse(tolerance, "tolerance"), failOnMissing,
                    allowDifferentEnvironment, failOnInconclusive, Ratios.parse(alpha, "alpha"),
                    GateConfig.DEFAULT_CONFIDENCE, Ratios.parse(assumedNoise, "assumedNoise"));
            return new CheckSettings(analysis, baseline, updateBaseline, baselineRuns, config, outputDirectory);
        }
    }
}
