package dev.factored.example;

import dev.factored.jmh.Cores;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The known-answer benchmark for idle time: a serial section of {@code serialMicros}, then
 * {@code parallelMicros} of perfectly divisible work in 50 µs chunks. serialMicros = 0 is the
 * control: almost no idle time. serialMicros = 2000 with 8000 parallel: T_1 ≈ 10 ms, T_2 ≈ 6 ms and
 * I_2 ≈ 2 ms (one worker waits through the serial section), so the idle-specific speedup and the
 * actual speedup fall to 2·10/12 ≈ 1.67 while the maximal speedup stays near 2.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class SerialSectionBenchmark {

    /** Length of one chunk of the parallel part. */
    public static final int CHUNK_MICROS = 50;

    @State(Scope.Benchmark)
    public static class Section {
        /** Spinning done by the root task alone before the parallel part. */
        @Param({"0", "2000"})
        public int serialMicros;

        /** Spinning split into 50 µs tasks. */
        @Param({"8000"})
        public int parallelMicros;

        @Setup
        public void validate() {
            SerialSection.check(serialMicros, parallelMicros, CHUNK_MICROS);
        }
    }

    @Benchmark
    public long spin(Cores cores, Section section) {
        if (cores.isBaseline()) {
            return cores.baseline(copy -> SerialSection.sequential(section.serialMicros, section.parallelMicros,
                    CHUNK_MICROS));
        }
        return cores.invoke(SerialSection.task(section.serialMicros, section.parallelMicros, CHUNK_MICROS));
    }
}
