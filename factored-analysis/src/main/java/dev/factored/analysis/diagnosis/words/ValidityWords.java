package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.model.family.Invalidity;

/**
 * The words of why a point is not valid ({@link Invalidity}): the point's reason in analysis.json's
 * {@code invalidBecause}, and what the headline of a P that could not be measured says of it.
 */
public final class ValidityWords {

    private ValidityWords() {
    }

    /** The point's reason, starting with its fixed word: "busy: P = 2 could not be measured on this machine now: …". */
    public static String reason(int p, Invalidity why) {
        return why.code() + ": " + (Invalidity.BUSY.equals(why.code()) ? cannot(p, why) : why.clause());
    }

    /** That P could not be measured, and why: "P = 4 could not be measured: 4 workers shared 2 CPUs". */
    static String cannot(int p, Invalidity why) {
        return Invalidity.BUSY.equals(why.code()) ? "P = " + p + " could not be measured on this machine now: "
                + why.clause() : "P = " + p + " could not be measured: " + why.clause();
    }
}
