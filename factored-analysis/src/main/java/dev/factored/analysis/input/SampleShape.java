package dev.factored.analysis.input;

/** The {@code [fork][iteration]} shape of JMH's raw samples: whether two agree, and the shape in words for errors. */
public final class SampleShape {

    private SampleShape() {
    }

    /** Whether the two have the same forks with the same iterations each. */
    public static boolean same(double[][] a, double[][] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int f = 0; f < a.length; f++) {
            if (a[f].length != b[f].length) {
                return false;
            }
        }
        return true;
    }

    /**
     * Why a metric's samples cannot be read beside the primary metric's, or null when they have its shape: every metric
     * of an iteration must come from the same iterations.
     */
    public static String mismatch(String label, double[][] samples, double[][] primary) {
        if (samples != null && same(samples, primary)) {
            return null;
        }
        return label + " has " + (samples == null ? "no rawData" : describe(samples) + " samples but the primary metric "
                + "has " + describe(primary)) + ": they must come from the same iterations";
    }

    /** e.g. {@code 2 fork(s) of 3+3 iteration}. */
    public static String describe(double[][] a) {
        StringBuilder sb = new StringBuilder();
        for (double[] fork : a) {
            sb.append(sb.length() == 0 ? "" : "+").append(fork.length);
        }
        return a.length + " fork(s) of " + sb + " iteration";
    }
}
