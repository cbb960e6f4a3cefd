package dev.engram.vector.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal-rank fusion: an item scores {@code sum(1 / (k + rank))} over the rankings it appears in
 * (ranks from 1). It needs no score calibration between BM25 and cosine similarity, whose scales differ.
 */
public final class ReciprocalRankFusion {

    /** A fused item and its fused score. */
    public record Fused<T>(T item, double score) {}

    private ReciprocalRankFusion() {}

    /**
     * Fuses rankings, each best first and without repeats. Ties go to the item with the better single
     * rank, then to the one met first, so equal inputs always give the same order.
     */
    public static <T> List<Fused<T>> fuse(int k, int limit, List<List<T>> rankings) {
        Map<T, Double> scores = new LinkedHashMap<>();
        Map<T, Integer> bestRanks = new HashMap<>();
        for (List<T> ranking : rankings) {
            for (int position = 0; position < ranking.size(); position++) {
                int rank = position + 1;
                scores.merge(ranking.get(position), 1.0 / (k + rank), Double::sum);
                bestRanks.merge(ranking.get(position), rank, Math::min);
            }
        }
        List<Fused<T>> fused = new ArrayList<>(scores.size());
        scores.forEach((item, score) -> fused.add(new Fused<>(item, score)));
        // List.sort is stable, so items equal on both keys keep the order they were met in.
        fused.sort(Comparator.<Fused<T>>comparingDouble(Fused::score)
                .reversed()
                .thenComparing(f -> bestRanks.get(f.item())));
        return fused.size() > limit ? List.copyOf(fused.subList(0, limit)) : fused;
    }
}
