package dev.factored.benchmarks.gate;

import dev.factored.jmh.Cores;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The benchmark {@link GateCalibration} runs again and again: unchanged (A) and with a deliberate
 * slowdown of every configuration (B), selected by the fork's system property
 * {@code factored.calibration.slowdown} (1.0 or 1.2) so that A and B are the same family.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class GateCalibrationBenchmark {

    static final String SLOWDOWN_PROPERTY = "factored.calibration.slowdown";
    private static final int CELLS = 1 << 20;

    private double[] cells;
    private int visits;

    @Setup(Level.Trial)
    public void setUp() {
        double slowdown = Double.parseDouble(System.getProperty(SLOWDOWN_PROPERTY, "1.0"));
        if (!(slowdown >= 1 && slowdown <= 2)) {
            throw new IllegalArgumentException(SLOWDOWN_PROPERTY + " must lie in [1, 2], got " + slowdown);
        }
        visits = (int) Math.round(CELLS * slowdown);
        cells = new double[CELLS];
        Arrays.setAll(cells, i -> (i % 1000) / 1000.0);
    }

    @Benchmark
    public double sweep(Cores cores) {
        if (cores.isBaseline()) {
            return CalibrationWorkload.sweep(cells, 0, visits);
        }
        return cores.invoke(new CalibrationWorkload.Sweep(cells, 0, visits));
    }
}
