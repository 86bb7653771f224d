package dev.factored.jmh.machine;

/**
 * The one rule that splits a run-queue wait of the program's threads ({@link Interference}) between other processes
 * and the program itself: what is not the machine's is the program's own waiting (its own threads, or the JVM's on the
 * same CPUs), never other processes'.
 */
final class WaitSplit {

    private WaitSplit() {
    }

    /**
     * The part of a wait other processes caused. A program thread that waits, waits behind the
     * competitors for its CPUs: other processes (foreign time), the JVM's own threads unless those ran apart, and the
     * program's other threads when it has more runnable than CPUs (a parallel stream's caller beside P workers). The
     * machine's part is in proportion to the foreign time against the JVM's, and never more than the foreign time
     * itself: other processes cannot take more of the CPUs than they ran on them (every nanosecond they ran is at most
     * one the program lost), and the rest of the wait is the program's own. The cap is the foreign time as read,
     * signed: /proc/stat's ticks make a quiet iteration read a little below 0 as often as above, and a cap taken at 0
     * or above kept the positive half of that noise, which a program crowding itself filled with its own wait (a
     * parallel stream at P = 2 read 406 µs of a 1,803 µs operation as other processes' where they took 1.5 % of the
     * CPUs, issue 43). Signed, the part's mean over iterations is at most the foreign time's.
     *
     * @param wait    a run-queue delay of every cause, ns
     * @param foreign the iteration's foreign time, signed, ns
     * @param jvmCpu  the JVM's own threads' CPU time on the same CPUs, ns (0 where they ran apart)
     */
    static double machinePart(double wait, double foreign, double jvmCpu) {
        double taken = Math.max(0, foreign);
        double competitors = taken + jvmCpu;
        double machineShare = competitors > 0 ? taken / competitors : 0;
        return Math.min(foreign, wait * machineShare);
    }
}
