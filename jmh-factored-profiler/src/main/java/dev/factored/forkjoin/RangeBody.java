package dev.factored.forkjoin;

/** The body of a parallel loop: processes the indices {@code [from, to)} sequentially. */
@FunctionalInterface
public interface RangeBody {
    void run(int from, int to);
}
