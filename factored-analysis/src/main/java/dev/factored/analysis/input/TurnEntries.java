package dev.factored.analysis.input;

import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import dev.factored.contract.ProfilerMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits the entry of configurations measured in turn ({@code cores=1+2}, {@link CoresTurn}) into one entry per
 * member. Member m keeps, in every fork, the measured iterations whose {@value ProfilerMetrics#TURN} sample is
 * {@link CoresTurn#code}(m); every other secondary metric with the primary metric's {@code [fork][iteration]} shape is
 * filtered by the same positions, and one without it (JMH gives some metrics only in some iterations) cannot be told
 * apart by member and is left out. Scores are recomputed from the kept iterations. A fork where some member ran no
 * measured iteration is left out for every member, since pairing needs all of them in every fork.
 */
final class TurnEntries {

    private TurnEntries() {
    }

    /** The entry itself when its {@code cores} is not a turn, else one entry per member, in the turn's order. */
    static List<JmhEntry> expand(JmhEntry e, String source) throws AnalysisInputException {
        CoresTurn turn;
        try {
            turn = e.cores().turn();
        } catch (IllegalArgumentException ex) {
            throw new AnalysisInputException(where(e, source) + ": " + ex.getMessage(), ex);
        }
        if (turn == null) {
            return List.of(e);
        }
        String where = where(e, source);
        JmhMetric tags = e.secondaryMetrics().get(ProfilerMetrics.TURN);
        if (tags == null || tags.rawData() == null) {
            throw new AnalysisInputException(where + ": cores=" + turn + " ran configurations in turn, but the entry "
                    + "has no " + ProfilerMetrics.TURN + " samples to tell their iterations apart (was it run without "
                    + "-prof dev.factored.jmh.FactoredProfiler?)");
        }
        double[][] primary = e.primaryMetric().rawData();
        String misshapen = SampleShape.mismatch(ProfilerMetrics.TURN, tags.rawData(), primary);
        if (misshapen != null) {
            throw new AnalysisInputException(where + ": " + misshapen);
        }
        List<CoresValue> members = turn.members();
        // positions[f][m]: the iterations of fork f that member m ran
        List<int[][]> positions = new ArrayList<>();
        List<Integer> leftOut = new ArrayList<>();
        for (int f = 0; f < primary.length; f++) {
            int[][] byMember = byMember(tags.rawData()[f], turn, f, where);
            if (Arrays.stream(byMember).anyMatch(p -> p.length == 0)) {
                leftOut.add(f);
            } else {
                positions.add(byMember);
            }
        }
        if (positions.isEmpty()) {
            throw new AnalysisInputException(where + ": cores=" + turn + ": no fork has a measured iteration of every "
                    + "member, so no fork can pair them");
        }
        TurnMember origin = new TurnMember(turn, leftOut);
        List<JmhEntry> out = new ArrayList<>(members.size());
        for (int m = 0; m < members.size(); m++) {
            out.add(member(e, members.get(m), m, positions, origin));
        }
        return Collections.unmodifiableList(out);
    }

    private static int[][] byMember(double[] tags, CoresTurn turn, int fork, String where)
            throws AnalysisInputException {
        List<CoresValue> members = turn.members();
        int[] counts = new int[members.size()];
        int[] member = new int[tags.length];
        for (int i = 0; i < tags.length; i++) {
            CoresValue c = turn.memberOf(tags[i]);
            if (c == null) {
                throw new AnalysisInputException(where + ": " + ProfilerMetrics.TURN + "[" + fork + "][" + i + "] is "
                        + tags[i] + ", which names no member of cores=" + turn);
            }
            member[i] = members.indexOf(c);
            counts[member[i]]++;
        }
        int[][] byMember = new int[members.size()][];
        for (int m = 0; m < byMember.length; m++) {
            byMember[m] = new int[counts[m]];
        }
        int[] filled = new int[members.size()];
        for (int i = 0; i < tags.length; i++) {
            byMember[member[i]][filled[member[i]]++] = i;
        }
        return byMember;
    }

    private static JmhEntry member(JmhEntry e, CoresValue cores, int m, List<int[][]> positions, TurnMember origin) {
        double[][] primary = e.primaryMetric().rawData();
        Map<String, JmhMetric> secondary = new LinkedHashMap<>();
        for (Map.Entry<String, JmhMetric> metric : e.secondaryMetrics().entrySet()) {
            double[][] raw = metric.getValue().rawData();
            if (!metric.getKey().equals(ProfilerMetrics.TURN) && raw != null && SampleShape.same(raw, primary)) {
                secondary.put(metric.getKey(), metric.getValue().withSamples(kept(raw, m, positions, origin)));
            }
        }
        Map<String, String> params = new LinkedHashMap<>(e.params());
        params.put(CoresValue.PARAM, cores.toString());
        int members = origin.turn().members().size();
        JmhSettings s = e.settings();
        // the runner multiplied JMH's iteration counts by the members: each member had the counts a fork of its own has
        JmhSettings settings = new JmhSettings(s.threads(), positions.size(), s.warmupIterations() / members,
                s.warmupTime(), s.warmupBatchSize(), s.measurementIterations() / members, s.measurementTime(),
                s.measurementBatchSize());
        return new JmhEntry(e.index(), e.benchmark(), e.mode(), Collections.unmodifiableMap(params),
                EntryCores.member(cores), e.runtime(), settings,
                e.primaryMetric().withSamples(kept(primary, m, positions, origin)),
                Collections.unmodifiableMap(secondary), origin);
    }

    private static String where(JmhEntry e, String source) {
        return source + ": " + e.describe() + " with params " + e.params();
    }

    /** Member m's samples of the kept forks. */
    private static double[][] kept(double[][] raw, int m, List<int[][]> positions, TurnMember origin) {
        double[][] out = new double[positions.size()][];
        int k = 0;
        for (int f = 0; f < raw.length; f++) {
            if (origin.forksLeftOut().contains(f)) {
                continue;
            }
            int[] at = positions.get(k)[m];
            out[k] = new double[at.length];
            for (int j = 0; j < at.length; j++) {
                out[k][j] = raw[f][at[j]];
            }
            k++;
        }
        return out;
    }
}
