package dev.engram.vector.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal-rank fusion: a document scores {@code sum(1 / (k + rank))} over the rankings it appears in
 * (ranks from 1). It needs no score calibration between BM25 and cosine similarity, whose scales differ.
 */
final class ReciprocalRankFusion {

    /** A fused document: its id inside the searched index and its fused score. */
    record Fused(int doc, double score) {}

    private ReciprocalRankFusion() {}

    /**
     * Fuses rankings of document ids, each best first. Ties go to the document with the better single
     * rank, then to the lower id, so equal inputs always give the same order.
     */
    static List<Fused> fuse(int k, int limit, List<int[]> rankings) {
        Map<Integer, Double> scores = new HashMap<>();
        Map<Integer, Integer> bestRanks = new HashMap<>();
        for (int[] ranking : rankings) {
            for (int position = 0; position < ranking.length; position++) {
                int rank = position + 1;
                scores.merge(ranking[position], 1.0 / (k + rank), Double::sum);
                bestRanks.merge(ranking[position], rank, Math::min);
            }
        }
        List<Fused> fused = new ArrayList<>(scores.size());
        scores.forEach((doc, score) -> fused.add(new Fused(doc, score)));
        fused.sort(Comparator.comparingDouble(Fused::score)
                .reversed()
                .thenComparing(f -> bestRanks.get(f.doc()))
                .thenComparingInt(Fused::doc));
        return fused.size() > limit ? List.copyOf(fused.subList(0, limit)) : fused;
    }
}
