package it.plain;

import org.openjdk.jmh.annotations.*;

@State(Scope.Benchmark)
public class PlainBenchmark {
    @Param({"100"})
    public int size;

    @Benchmark
    public long sum() {
        long s = 0;
        for (int i = 0; i < size; i++) s += i * (long) i;
        return s;
    }
}
