package dev.factored.forkjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/** A worker of a pool this library makes: its Linux id is known to {@link WorkerThreads} while it lives. */
class RegisteredWorker extends ForkJoinWorkerThread {

    RegisteredWorker(ForkJoinPool pool) {
        super(pool);
    }

    @Override
    protected void onStart() {
        super.onStart();
        WorkerThreads.registerCurrent();
    }

    @Override
    protected void onTermination(Throwable exception) {
        WorkerThreads.unregisterCurrent();
        super.onTermination(exception);
    }
}
