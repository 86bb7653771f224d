package dev.factored.analysis.diagnosis.words;

import dev.factored.analysis.diagnosis.facts.Claim;

/**
 * A finding's sentence in its two forms ({@link Wording}), written from the facts of its claim ({@link Claim}, one
 * record per kind of finding) by the words of its kind: {@link FindingWords}, and {@link HeadlineWords} for a P that
 * could not be measured. The rules hand over the claim only once every finding is decided and ranked.
 */
public final class ClaimWords {

    private ClaimWords() {
    }

    /** The claim's sentence in both forms. */
    public static Wording of(Claim claim) {
        if (claim instanceof Claim.SlowerThanBaseline c) {
            return FindingWords.slowerThanBaseline(c.p(), c.actual());
        }
        if (claim instanceof Claim.GoodScaling c) {
            return FindingWords.goodScaling(c.p(), c.actual(), c.overElision(), c.elisionFaster());
        }
        if (claim instanceof Claim.Speedup c) {
            return FindingWords.speedup(c.p(), c.actual(), c.overElision(), c.elisionFaster());
        }
        if (claim instanceof Claim.Superlinear c) {
            return FindingWords.superlinear(c.p(), c.actual(), c.why(), c.overElision(), c.elisionFaster(),
                    c.workRatio());
        }
        if (claim instanceof Claim.NotMeasured c) {
            return c.why() != null ? HeadlineWords.notMeasured(c.p(), c.why(), c.oneWorkerValid())
                    : HeadlineWords.notMeasured(c.p(), c.reason(), c.oneWorkerValid());
        }
        if (claim instanceof Claim.Idle c) {
            return FindingWords.idle(c);
        }
        if (claim instanceof Claim.Inflation c) {
            return FindingWords.inflation(c.p(), c.loss(), c.workRatio(), c.shared(), c.gc());
        }
        if (claim instanceof Claim.OwnWaiting c) {
            return FindingWords.ownWaiting(c.p(), c.loss(), c.waited());
        }
        if (claim instanceof Claim.InflationGain c) {
            return FindingWords.inflationGain(c.p(), c.gain(), c.workRatio(), c.gc());
        }
        if (claim instanceof Claim.IdleOrInflation c) {
            return FindingWords.idleOrInflation(c.p(), c.idleLoss(), c.inflationLoss(), c.gc());
        }
        if (claim instanceof Claim.AlgorithmicOverhead c) {
            return FindingWords.algorithmicOverhead(c.ratio(), c.p(), c.loss());
        }
        if (claim instanceof Claim.BaselineNotBest c) {
            return FindingWords.baselineNotBest(c.faster());
        }
        if (claim instanceof Claim.SchedulingOverhead c) {
            return FindingWords.schedulingOverhead(c.ratio(), c.p(), c.loss(), c.program(), c.gc());
        }
        if (claim instanceof Claim.OneWorkerOverhead c) {
            return FindingWords.oneWorkerOverhead(c.ratio(), c.program(), c.gc());
        }
        if (claim instanceof Claim.InflationSpecificSlopesDown c) {
            return FindingWords.inflationSpecificSlopesDown(c.shared());
        }
        if (claim instanceof Claim.InflationSpecificFlattens c) {
            return FindingWords.inflationSpecificFlattens(c.shared());
        }
        if (claim instanceof Claim.InflationGrows c) {
            return FindingWords.inflationGrows(c.fromCores(), c.fromShare(), c.toCores(), c.toShare(), c.shared());
        }
        if (claim instanceof Claim.IdleSpecificBends c) {
            return FindingWords.idleSpecificBends(c.slopesDown(), c.estimated(), c.program());
        }
        if (claim instanceof Claim.MaximalBends c) {
            return FindingWords.maximalBends();
        }
        if (claim instanceof Claim.MemoryBandwidth c) {
            return FindingWords.memoryBandwidth(c.copies(), c.slowdown(), c.inflated());
        }
        if (claim instanceof Claim.InflationNotBandwidth c) {
            return FindingWords.inflationNotBandwidth(c.copies(), c.slowdown(), c.p(), c.inflated());
        }
        if (claim instanceof Claim.LowParallelism c) {
            return FindingWords.lowParallelism(c.parallelism(), c.slack(), c.p(), c.share(), c.burden(), c.burdened(),
                    c.tasks());
        }
        if (claim instanceof Claim.LowBurdenedParallelism c) {
            return FindingWords.lowBurdenedParallelism(c.burdened(), c.p(), c.parallelism(), c.burden(),
                    c.program());
        }
        if (claim instanceof Claim.ShortStrands c) {
            return FindingWords.shortStrands(c.strand(), c.burden(), c.program());
        }
        if (claim instanceof Claim.NoSingleLoss c) {
            return FindingWords.noSingleLoss(c.p());
        }
        if (claim instanceof Claim.RetrogradePredicted c) {
            return FindingWords.retrogradePredicted(c.fitted(), c.peak(), c.peakSpeedup(), c.contention(),
                    c.coherency(), c.from(), c.to());
        }
        if (claim instanceof Claim.SerialFractionGrows c) {
            return FindingWords.serialFractionGrows(c.from(), c.to(), c.amdahl());
        }
        if (claim instanceof Claim.FitAboveSpanBound c) {
            return FindingWords.fitAboveSpanBound(c.p(), c.fitted(), c.upper());
        }
        if (claim instanceof Claim.FitBelowSpanBound c) {
            return FindingWords.fitBelowSpanBound(c.p(), c.fitted(), c.lower());
        }
        Claim.RanOnOneThread c = (Claim.RanOnOneThread) claim;
        return FindingWords.oneThread(c.p(), c.busiestShare(), c.reason());
    }
}
