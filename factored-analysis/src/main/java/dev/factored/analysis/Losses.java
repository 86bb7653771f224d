package dev.factored.analysis;

/**
 * The split of the ideal speedup P into the actual speedup plus four losses (METHOD.md §4):
 * {@code P = actual + algorithmic + scheduling + idle + inflation}, each loss being a cost divided by T_P.
 * A negative loss (usually inflation) means that part gained speedup. A loss whose inputs were not
 * measured is {@code null}.
 *
 * @param algorithmic A / T_P, where A = T_e − T_s
 * @param scheduling  S_1 / T_P, where S_1 = T_1 − T_e
 * @param idle        I_P / T_P
 * @param inflation   F_P / T_P, where F_P = P·T_P − I_P − T_1
 */
public record Losses(
        Estimate algorithmic,
        Estimate scheduling,
        Estimate idle,
        Estimate inflation) {

    static final Losses NONE = new Losses(null, null, null, null);
}
