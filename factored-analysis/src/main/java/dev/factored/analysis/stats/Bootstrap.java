package dev.factored.analysis.stats;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Hierarchical bootstrap over JMH's {@code [fork][iteration]} samples: forks are drawn with replacement,
 * then iterations with replacement within each drawn fork (forks differ more than iterations do: JIT
 * decisions, memory layout). A configuration's time and idle samples come from the same iterations, so
 * they are drawn with the same indices.
 *
 * <p>Each configuration gets its own random stream derived from the seed, the family and the
 * configuration, so results do not depend on the order of families or on other configurations.
 */
public final class Bootstrap {

    private Bootstrap() {
    }

    /**
     * Means of {@code resamples} bootstrap replicates, preceded by the mean of the samples themselves:
     * index 0 holds the point estimate, indices 1..resamples the replicates. {@code paired} (may be null)
     * is resampled with the same indices and its means are written to {@code pairedOut}.
     *
     * <p>With k forks, each drawn fork's resampled mean is moved away from the mean of the fork means by
     * the factor √(k/(k−1)) before averaging. The plain bootstrap of k values has only (k−1)/k of their
     * sampling variance, which matters because forks are few (2 to 5) and differ more than iterations
     * do: measured on the gate-calibration runs, the plain version failed 1 to 2 of 20 unchanged
     * (A/A) comparisons, the corrected one none (see the gate documentation).
     */
    public static double[] means(double[][] samples, double[][] paired, double[] pairedOut, int resamples,
            SplittableRandom random) {
        return paired == null ? means(samples, new double[0][][], new double[0][], resamples, random)
                : means(samples, new double[][][] {paired}, new double[][] {pairedOut}, resamples, random);
    }

    /**
     * As above with any number of paired sample sets (e.g. idle time and descheduled time beside the time), all
     * drawn with the same indices; {@code pairedOut[k]} receives the means of {@code paired[k]}.
     */
    public static double[] means(double[][] samples, double[][][] paired, double[][] pairedOut, int resamples,
            SplittableRandom random) {
        return means(samples, paired, pairedOut, resamples, random, true);
    }

    /**
     * As {@link #means(double[][], double[][][], double[][], int, SplittableRandom)}, but every replicate keeps the
     * forks that were measured and draws only iterations within each: the iteration level of the noise alone, for a
     * caller that adds the fork level from a model of its own (the model package's BetweenForks).
     */
    public static double[] meansWithinForks(double[][] samples, double[][][] paired, double[][] pairedOut,
            int resamples, SplittableRandom random) {
        return means(samples, paired, pairedOut, resamples, random, false);
    }

    /**
     * As {@link #means(double[][], double[][][], double[][], int, SplittableRandom)}, but the forks of replicate b
     * are {@code forks[b − 1]} ({@link #forkDraws}) instead of drawn from {@code random}, which draws only the
     * iterations within them: configurations measured in turn inside the same forks draw the same forks, so that a
     * ratio of two of them keeps its pairing (the fork is the block), replicate by replicate.
     */
    public static double[] means(double[][] samples, double[][][] paired, double[][] pairedOut, int[][] forks,
            SplittableRandom random) {
        return means(samples, paired, pairedOut, forks.length, random, true, forks);
    }

    /** The forks of {@code resamples} replicates of k forks, drawn with replacement: {@code [replicate][k]}. */
    public static int[][] forkDraws(int forks, int resamples, SplittableRandom random) {
        int[][] drawn = new int[resamples][forks];
        for (int[] replicate : drawn) {
            for (int f = 0; f < forks; f++) {
                replicate[f] = forks == 1 ? 0 : random.nextInt(forks);
            }
        }
        return drawn;
    }

    private static double[] means(double[][] samples, double[][][] paired, double[][] pairedOut, int resamples,
            SplittableRandom random, boolean drawForks) {
        return means(samples, paired, pairedOut, resamples, random, drawForks, null);
    }

    private static double[] means(double[][] samples, double[][][] paired, double[][] pairedOut, int resamples,
            SplittableRandom random, boolean drawForks, int[][] drawn) {
        double[] out = new double[resamples + 1];
        out[0] = mean(samples);
        int extra = paired.length;
        double[] pairedCentre = new double[extra];
        for (int k = 0; k < extra; k++) {
            pairedOut[k][0] = mean(paired[k]);
            pairedCentre[k] = meanOfForkMeans(paired[k]);
        }
        int forks = samples.length;
        double spread = forks > 1 && drawForks ? Math.sqrt(forks / (forks - 1.0)) : 1;
        double centre = meanOfForkMeans(samples);
        double[] pairedSum = new double[extra];
        double[] pairedForkSum = new double[extra];
        for (int b = 1; b <= resamples; b++) {
            double sum = 0;
            Arrays.fill(pairedSum, 0);
            int n = 0;
            for (int f0 = 0; f0 < forks; f0++) {
                int f = forks == 1 || !drawForks ? f0 : drawn != null ? drawn[b - 1][f0] : random.nextInt(forks);
                double[] fork = samples[f];
                int len = fork.length;
                double forkSum = 0;
                Arrays.fill(pairedForkSum, 0);
                for (int j = 0; j < len; j++) {
                    int i = len == 1 ? 0 : random.nextInt(len);
                    forkSum += fork[i];
                    for (int k = 0; k < extra; k++) {
                        pairedForkSum[k] += paired[k][f][i];
                    }
                }
                sum += len * (centre + (forkSum / len - centre) * spread);
                for (int k = 0; k < extra; k++) {
                    pairedSum[k] += len * (pairedCentre[k] + (pairedForkSum[k] / len - pairedCentre[k]) * spread);
                }
                n += len;
            }
            out[b] = sum / n;
            for (int k = 0; k < extra; k++) {
                pairedOut[k][b] = pairedSum[k] / n;
            }
        }
        return out;
    }

    /**
     * Shares of a whole split into parts, with bootstrap replicates: {@code parts[fork][sample][k]} are the
     * parts of one sample, and a replicate's share of part k is the sum of part k over the drawn samples divided
     * by the sum of all parts (forks drawn with replacement, then samples within each drawn fork). Returns
     * {@code [k][0..resamples]}, index 0 from the samples themselves, or null when the parts sum to 0. The shares
     * of every replicate add up to 1.
     */
    public static double[][] shares(double[][][] parts, int kinds, int resamples, SplittableRandom random) {
        double[][] out = new double[kinds][resamples + 1];
        if (!shareOf(parts, kinds, null, out, 0)) {
            return null;
        }
        int forks = parts.length;
        for (int b = 1; b <= resamples; b++) {
            int[][] drawn = new int[forks][];
            for (int k = 0; k < forks; k++) {
                int f = forks == 1 ? 0 : random.nextInt(forks);
                int len = parts[f].length;
                drawn[k] = new int[len + 1];
                drawn[k][0] = f;
                for (int j = 1; j <= len; j++) {
                    drawn[k][j] = len == 1 ? 0 : random.nextInt(len);
                }
            }
            if (!shareOf(parts, kinds, drawn, out, b)) {
                for (int k = 0; k < kinds; k++) {
                    out[k][b] = out[k][0];
                }
            }
        }
        return out;
    }

    private static boolean shareOf(double[][][] parts, int kinds, int[][] drawn, double[][] out, int b) {
        double[] sums = new double[kinds];
        int forks = drawn == null ? parts.length : drawn.length;
        for (int k = 0; k < forks; k++) {
            double[][] fork = parts[drawn == null ? k : drawn[k][0]];
            int len = drawn == null ? fork.length : drawn[k].length - 1;
            for (int j = 0; j < len; j++) {
                double[] sample = fork[drawn == null ? j : drawn[k][j + 1]];
                for (int kind = 0; kind < kinds; kind++) {
                    sums[kind] += sample[kind];
                }
            }
        }
        double total = 0;
        for (double v : sums) {
            total += v;
        }
        if (!(total > 0)) {
            return false;
        }
        for (int kind = 0; kind < kinds; kind++) {
            out[kind][b] = sums[kind] / total;
        }
        return true;
    }

    private static double meanOfForkMeans(double[][] samples) {
        double sum = 0;
        int forks = 0;
        for (double[] fork : samples) {
            if (fork.length > 0) {
                sum += Descriptive.mean(fork, 0, fork.length);
                forks++;
            }
        }
        return forks == 0 ? Double.NaN : sum / forks;
    }

    /** The mean of all samples, every iteration weighing the same. */
    public static double mean(double[][] samples) {
        double sum = 0;
        int n = 0;
        for (double[] fork : samples) {
            for (double v : fork) {
                sum += v;
            }
            n += fork.length;
        }
        return sum / n;
    }

    /**
     * A standard normal draw (Box–Muller; one of the pair). Written out rather than {@code nextGaussian()}, whose
     * algorithm is the JDK's to change: a seed must give the same intervals on every JDK.
     */
    public static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** The random stream of one configuration of one family. */
    public static SplittableRandom stream(long seed, String familyKey, String cores) {
        long h = 0xcbf29ce484222325L; // FNV-1a 64: stable across JVMs, unlike String.hashCode's 32 bits
        for (byte b : (familyKey + '\u0000' + cores).getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return new SplittableRandom(mix(seed ^ mix(h)));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * The interval of a derived quantity from its values: {@code values[0]} is the point estimate, the rest are
     * replicates, whose percentile interval at {@code confidence} is the interval, widened where needed to hold
     * the point estimate (a percentile interval of a skewed ratio may miss it; the widening is conservative).
     * Null when the value or a replicate is not finite (e.g. a denominator that crosses 0): such a quantity has
     * no interval and is reported as missing.
     *
     * @return {low, high}, or null
     */
    public static double[] interval(double[] values, double confidence) {
        double value = values[0];
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return null;
            }
        }
        int b = values.length - 1;
        if (b == 0) {
            return new double[] {value, value};
        }
        double alpha = (1 - confidence) / 2;
        double[] tails = Tails.quantiles(values, 1, values.length, alpha, 1 - alpha);
        return new double[] {Math.min(value, Math.min(tails[0], tails[1])),
            Math.max(value, Math.max(tails[0], tails[1]))};
    }
}
