package dev.factored.analysis;

import java.util.Comparator;

/** The values of the {@code cores} param and their order: baseline, elision, then P ascending. */
final class Configurations {

    static final String PARAM = "cores";
    static final String BASELINE = "baseline";
    static final String ELISION = "elision";
    static final String ONE = "1";

    static final Comparator<String> ORDER = Comparator.comparingInt(Configurations::rank);

    private Configurations() {
    }

    /** P for an integer configuration, or -1 for baseline/elision; throws on anything else. */
    static int parse(String cores) throws IllegalArgumentException {
        if (BASELINE.equals(cores) || ELISION.equals(cores)) {
            return -1;
        }
        if (cores == null || cores.isEmpty() || cores.length() > 9 || !cores.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("bad `cores` value \"" + cores
                    + "\": expected baseline, elision or a positive integer number of workers");
        }
        int p = Integer.parseInt(cores);
        if (p < 1) {
            throw new IllegalArgumentException("bad `cores` value \"" + cores
                    + "\": the number of workers must be at least 1");
        }
        return p;
    }

    static boolean isParallel(String cores) {
        return !BASELINE.equals(cores) && !ELISION.equals(cores);
    }

    private static int rank(String cores) {
        if (BASELINE.equals(cores)) {
            return -2;
        }
        if (ELISION.equals(cores)) {
            return -1;
        }
        return Integer.parseInt(cores);
    }
}
