package dev.factored.jmh;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The bandwidth test's runner (Cilkview §5): n copies of the baseline at once, copy 0 on the benchmark's
 * thread and the others on n − 1 threads of their own. The helpers spin between operations instead of
 * parking, so that every copy starts at once: waking a parked thread takes tens of µs on a VM, which
 * would be counted as the copies' slowdown. They run only in a fork pinned to n CPUs, one each.
 */
final class Copies implements AutoCloseable {

    private final int n;
    private final Thread[] helpers;
    private final AtomicInteger finished = new AtomicInteger();
    private volatile IntFunction<?> body;
    private volatile long generation;
    private volatile boolean closed;
    private volatile Throwable failure;

    Copies(int n) {
        this.n = n;
        helpers = new Thread[n - 1];
        for (int i = 1; i < n; i++) {
            int copy = i;
            Thread t = new Thread(() -> loop(copy), "factored-bandwidth-copy-" + i);
            t.setDaemon(true);
            helpers[i - 1] = t;
            t.start();
        }
    }

    private void loop(int copy) {
        long seen = 0;
        while (true) {
            while (generation == seen && !closed) {
                Thread.onSpinWait();
            }
            if (closed) {
                return;
            }
            seen = generation;
            try {
                body.apply(copy);
            } catch (Throwable t) {
                failure = t;
            }
            finished.incrementAndGet();
        }
    }

    /** Runs {@code copy.apply(i)} for i = 0 … n − 1 at once and returns copy 0's result when all are done. */
    <T> T run(IntFunction<T> copy) {
        finished.set(0);
        failure = null;
        body = copy;
        generation = generation + 1; // only this thread writes it
        T result = copy.apply(0);
        while (finished.get() < n - 1) {
            Thread.onSpinWait();
        }
        if (failure != null) {
            Throwable t = failure;
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException("a copy of the baseline failed", t);
        }
        return result;
    }

    int copies() {
        return n;
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : helpers) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
