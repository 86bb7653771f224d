package dev.factored.forkjoin;

import java.util.Arrays;

/**
 * The burden of a span run (Cilkview's T̂_∞): what one steal of a forked branch adds to the critical
 * path on this machine, measured instead of assumed (Cilkview assumes 15,000 instructions).
 *
 * <p>Measured on a {@link FactoredPool} as it is used: one operation runs {@value #FORKS_PER_OP} forkJoins
 * one after another, each of two branches spinning {@value #BRANCH_NANOS} ns. On one worker a forkJoin
 * takes t₁ ≈ two branches; on two workers the second branch is stolen and t₂ ≈ one branch + the cost of
 * waking a worker, the steal, the migration and the join. The burden is t₂ − t₁/2 (medians over
 * operations), so the cost of forking itself, which t₁ holds too, counts half: a steal is the extra.
 * Needs two CPUs; on one, the "steal" is a context switch and the value is that.
 */
public final class Burden {

    /** The system property through which the profiler's host hands its measurement to the span forks. */
    public static final String PROPERTY = "factored.burdenNanos";
    static final long BRANCH_NANOS = 50_000;
    static final int FORKS_PER_OP = 20;
    private static final int OPERATIONS = 15;
    private static final long WARM_UP_NANOS = 150_000_000L;

    private Burden() {
    }

    /**
     * The burden for span runs in this JVM: the value of {@link #PROPERTY} when set (the profiler measures
     * it once in the JMH host, where the workers are not pinned to one CPU), else measured here.
     */
    public static double forThisJvm() {
        String given = System.getProperty(PROPERTY);
        if (given != null) {
            try {
                double v = Double.parseDouble(given.strip());
                if (v >= 0 && Double.isFinite(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // measured below instead
            }
        }
        return measure();
    }

    /** Measures the burden in nanoseconds (about half a second). */
    public static double measure() {
        double one = perForkJoin(1);
        double two = perForkJoin(2);
        return Math.max(0, two - one / 2);
    }

    private static double perForkJoin(int workers) {
        try (FactoredPool pool = FactoredPool.withWorkers(workers)) {
            long warmUntil = System.nanoTime() + WARM_UP_NANOS / 2;
            while (System.nanoTime() < warmUntil) {
                pool.invoke(new Chain());
            }
            double[] perFork = new double[OPERATIONS];
            for (int i = 0; i < OPERATIONS; i++) {
                long start = System.nanoTime();
                pool.invoke(new Chain());
                perFork[i] = (System.nanoTime() - start) / (double) FORKS_PER_OP;
            }
            Arrays.sort(perFork);
            return perFork[OPERATIONS / 2];
        }
    }

    /** One operation: forkJoins of two spinning branches, one after another. */
    private static final class Chain extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Void compute() {
            for (int i = 0; i < FORKS_PER_OP; i++) {
                forkJoin(new Branch(), new Branch());
            }
            return null;
        }
    }

    private static final class Branch extends FactoredTask<Void> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Void compute() {
            long start = System.nanoTime();
            while (System.nanoTime() - start < BRANCH_NANOS) {
                Thread.onSpinWait();
            }
            return null;
        }
    }
}
