package dev.factored.analysis.input;

/**
 * How JMH ran a benchmark: threads, forks, and the warmup and measurement iterations.
 *
 * @param threads               benchmark threads
 * @param forks                 JVM forks
 * @param warmupIterations      warmup iterations per fork
 * @param warmupTime            the length of one warmup iteration as JMH wrote it ("1 s"); null if absent
 * @param warmupBatchSize       operations per warmup batch (single-shot mode)
 * @param measurementIterations measured iterations per fork
 * @param measurementTime       the length of one measured iteration as JMH wrote it ("200 ms"); null if absent
 * @param measurementBatchSize  operations per measured batch (single-shot mode)
 */
public record JmhSettings(int threads, int forks, int warmupIterations, String warmupTime, int warmupBatchSize,
        int measurementIterations, String measurementTime, int measurementBatchSize) {

    /** The same settings with the forks of two runs merged into one. */
    public JmhSettings withForks(int allForks) {
        return new JmhSettings(threads, allForks, warmupIterations, warmupTime, warmupBatchSize, measurementIterations,
                measurementTime, measurementBatchSize);
    }
}
