package dev.factored.analysis.stats;

/**
 * Student's t distribution (and the normal, its limit for infinite degrees of freedom), with the special
 * functions the gate's statistics need: log-gamma, the regularised incomplete beta function, digamma and
 * trigamma; the analysis uses the t quantile for JMH's score error of merged forks. Written from the textbook
 * formulas (Lanczos' log-gamma, the continued fraction of the incomplete beta evaluated by Lentz's method, the
 * asymptotic series of the polygamma functions) so that neither needs a statistics library; the tests check them
 * against tabulated values.
 */
public final class Distributions {

    private static final double EPS = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_ITERATIONS = 10_000;
    /** Above this many degrees of freedom the t distribution is the normal to far below our needs. */
    private static final double NORMAL_DF = 1e7;

    private Distributions() {
    }

    /** P(T ≤ t) for Student's t with {@code df} degrees of freedom ({@code df} may be infinite: the normal). */
    public static double tCdf(double t, double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be positive, got " + df);
        }
        if (Double.isNaN(t)) {
            return Double.NaN;
        }
        if (df >= NORMAL_DF) {
            return normalCdf(t);
        }
        if (Double.isInfinite(t)) {
            return t > 0 ? 1 : 0;
        }
        double x = df / (df + t * t);
        double tail = 0.5 * regularizedBeta(x, df / 2, 0.5); // P(|T| > |t|) / 2
        return t > 0 ? 1 - tail : tail;
    }

    /** P(T > t): the one-sided p-value of an observed t, computed without cancellation for large t. */
    public static double tUpperTail(double t, double df) {
        return tCdf(-t, df);
    }

    /** The q-quantile of Student's t, 0 < q < 1, by bisection on {@link #tCdf}. */
    public static double tQuantile(double q, double df) {
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("a quantile needs 0 < q < 1, got " + q);
        }
        if (q == 0.5) {
            return 0;
        }
        if (q < 0.5) {
            return -tQuantile(1 - q, df);
        }
        double low = 0;
        double high = 1;
        while (tCdf(high, df) < q) {
            low = high;
            high *= 2;
            if (high > 1e12) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double mid = (low + high) / 2;
            if (tCdf(mid, df) < q) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** The standard normal distribution function. */
    public static double normalCdf(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    /** The complementary error function, from the regularised incomplete gamma function Q(1/2, x²). */
    static double erfc(double x) {
        if (x < 0) {
            return 2 - erfc(-x);
        }
        return upperGamma(0.5, x * x);
    }

    /** Q(a, x) = Γ(a, x) / Γ(a): series below a + 1, continued fraction above. */
    static double upperGamma(double a, double x) {
        if (x <= 0) {
            return 1;
        }
        double logPrefix = -x + a * Math.log(x) - logGamma(a);
        if (x < a + 1) {
            double sum = 1 / a;
            double term = sum;
            for (int n = 1; n < MAX_ITERATIONS; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * EPS) {
                    break;
                }
            }
            return 1 - sum * Math.exp(logPrefix);
        }
        double b = x + 1 - a;
        double c = 1 / TINY;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < MAX_ITERATIONS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = awayFromZero(d);
            c = b + an / c;
            c = awayFromZero(c);
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < EPS) {
                break;
            }
        }
        return Math.exp(logPrefix) * h;
    }

    /** Lentz's guard: a partial denominator of exactly 0 would divide by zero on the next step. */
    private static double awayFromZero(double x) {
        return Math.abs(x) < TINY ? TINY : x;
    }

    /** I_x(a, b), the regularised incomplete beta function. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
        if (x < (a + 1) / (a + b + 2)) {
            return Math.exp(logFront) * betaFraction(x, a, b) / a;
        }
        return 1 - Math.exp(logFront) * betaFraction(1 - x, b, a) / b;
    }

    /** The continued fraction of the incomplete beta function, by Lentz's method. */
    private static double betaFraction(double x, double a, double b) {
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = awayFromZero(d);
        d = 1 / d;
        double h = d;
        for (int m = 1; m < MAX_ITERATIONS; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
            d = 1 + aa * d;
            d = awayFromZero(d);
            c = 1 + aa / c;
            c = awayFromZero(c);
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
            d = 1 + aa * d;
            d = awayFromZero(d);
            c = 1 + aa / c;
            c = awayFromZero(c);
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < EPS) {
                break;
            }
        }
        return h;
    }

    private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
        771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
        9.9843695780195716e-6, 1.5056327351493116e-7};

    /** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    /** ψ(x), the digamma function, x > 0. */
    public static double digamma(double x) {
        double result = 0;
        while (x < 12) {
            result -= 1 / x;
            x += 1;
        }
        double f = 1 / (x * x);
        return result + Math.log(x) - 0.5 / x
                - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f / 132))));
    }

    /** ψ'(x), the trigamma function, x > 0. */
    public static double trigamma(double x) {
        double result = 0;
        while (x < 12) {
            result += 1 / (x * x);
            x += 1;
        }
        double f = 1 / (x * x);
        return result + 1 / x + f / 2
                + f / x * (1.0 / 6 - f * (1.0 / 30 - f * (1.0 / 42 - f * (1.0 / 30))));
    }

    /** The x > 0 with ψ'(x) = y, y > 0 (ψ' falls monotonically from ∞ to 0): bisection on a log scale. */
    public static double trigammaInverse(double y) {
        if (!(y > 0)) {
            throw new IllegalArgumentException("trigamma takes only positive values, got " + y);
        }
        double low = 1e-8;
        double high = 1e8;
        for (int i = 0; i < 200; i++) {
            double mid = Math.sqrt(low * high);
            if (trigamma(mid) > y) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return Math.sqrt(low * high);
    }
}
