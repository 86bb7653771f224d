package dev.factored.maven;

import dev.factored.run.settings.RuleSpec;
import java.util.Map;

/**
 * One {@code <rule>} of the check goal, as written in the POM:
 * <pre>{@code
 * <rule>
 *   <benchmarks>MergeSort</benchmarks>            <!-- regex searched in the benchmark name; default: all -->
 *   <params><size>200000</size></params>          <!-- regex per param, whole value; default: any -->
 *   <cores>max</cores>                            <!-- max (default) or a number of workers -->
 *   <metric>efficiency</metric>                   <!-- see below -->
 *   <minimum>50%</minimum>                        <!-- 0.5 or 50%; a minimum and/or a maximum -->
 *   <maximum></maximum>
 *   <use>interval</use>                           <!-- interval (default) or value -->
 * </rule>
 * }</pre>
 * Metrics: actual-speedup, efficiency, algorithmic-loss, scheduling-loss, idle-loss, inflation-loss, own-waiting-loss,
 * idle-share, inflation-share, scheduling-overhead, algorithmic-overhead. With {@code interval} a
 * minimum fails only when the whole confidence interval lies below it (noise alone does not fail the
 * build); with {@code value} the point estimate is judged.
 */
public class RuleConfig {

    /** Regular expression searched in the fully qualified benchmark name; empty for every benchmark. */
    private String benchmarks;

    /** Param name → regular expression that must match the param's whole value. */
    private Map<String, String> params;

    /** {@code max} (default: the largest P measured in each family) or a number of workers. */
    private String cores;

    /** The metric limited, e.g. {@code efficiency} or {@code actual-speedup}. */
    private String metric;

    /** The lowest acceptable value, as a ratio ({@code 0.8}) or a percentage ({@code 80%}). */
    private String minimum;

    /** The highest acceptable value, as a ratio or a percentage. */
    private String maximum;

    /** {@code interval} (default) or {@code value}. */
    private String use;

    RuleSpec toSpec() {
        return RuleSpec.of(benchmarks, params, cores, metric, minimum, maximum, use);
    }

    @Override
    public String toString() {
        return "rule(benchmarks=" + benchmarks + ", metric=" + metric + ", cores=" + cores + ")";
    }
}
