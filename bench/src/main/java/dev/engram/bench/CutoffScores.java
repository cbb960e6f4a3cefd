package dev.engram.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * recall_any@k, recall_all@k and NDCG@k at one level (sessions or turns), for each k of
 * {@link LongMemEvalMetrics#CUTOFFS} in that order: of one question, or means over questions.
 */
public record CutoffScores(List<Double> recallAny, List<Double> recallAll, List<Double> ndcg) {

    public CutoffScores {
        recallAny = List.copyOf(recallAny);
        recallAll = List.copyOf(recallAll);
        ndcg = List.copyOf(ndcg);
    }

    /** The scores of one question's ranked list. */
    public static CutoffScores of(List<String> ranked, Collection<String> evidence) {
        List<Double> any = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        List<Double> ndcg = new ArrayList<>();
        for (int k : LongMemEvalMetrics.CUTOFFS) {
            any.add(LongMemEvalMetrics.recallAny(ranked, evidence, k));
            all.add(LongMemEvalMetrics.recallAll(ranked, evidence, k));
            ndcg.add(LongMemEvalMetrics.ndcg(ranked, evidence, k));
        }
        return new CutoffScores(any, all, ndcg);
    }

    public double recallAnyAt(int k) {
        return recallAny.get(index(k));
    }

    public double recallAllAt(int k) {
        return recallAll.get(index(k));
    }

    public double ndcgAt(int k) {
        return ndcg.get(index(k));
    }

    private static int index(int k) {
        int index = LongMemEvalMetrics.CUTOFFS.indexOf(k);
        if (index < 0) {
            throw new IllegalArgumentException("@" + k + " is not measured");
        }
        return index;
    }
}
