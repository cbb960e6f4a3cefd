package dev.engram.ranking;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal-rank fusion: an item scores {@code sum(weight / (k + rank))} over the rankings it
 * appears in, ranks counted from 1. Only ranks count, never the scores behind them, so rankings on
 * different scales (BM25 and cosine, one query's and another's) need no calibration.
 *
 * <p>The one tie-break: equal scores keep the order in which the items were first met, reading the
 * rankings in the order given, each from its best item. So whoever fuses puts first the ranking that
 * should settle ties; a ranking of weight 0 adds to no score and does only that.
 */
public final class ReciprocalRankFusion {

    /** Items best first, each at most once, and how much a rank in this ranking counts (at least 0). */
    public record Ranking<T>(List<T> items, double weight) {

        public Ranking {
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("a ranking's weight must be finite and not negative, was " + weight);
            }
        }

        /** A ranking of weight 1. */
        public static <T> Ranking<T> of(List<T> items) {
            return new Ranking<>(items, 1);
        }
    }

    /** A fused item and its fused score. */
    public record Fused<T>(T item, double score) {}

    private ReciprocalRankFusion() {}

    /** Every item of the rankings once, best first; {@code k} (at least 0) flattens the lead of top ranks. */
    public static <T> List<Fused<T>> fuse(int k, List<Ranking<T>> rankings) {
        if (k < 0) {
            throw new IllegalArgumentException("k must not be negative, was " + k);
        }
        Map<T, Double> scores = new LinkedHashMap<>();
        for (Ranking<T> ranking : rankings) {
            List<T> items = ranking.items();
            for (int position = 0; position < items.size(); position++) {
                scores.merge(items.get(position), ranking.weight() / (k + position + 1), Double::sum);
            }
        }
        // Sorting an ordered stream is stable, so equal scores keep the order their items were first met in.
        return scores.entrySet().stream()
                .map(entry -> new Fused<>(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingDouble(Fused<T>::score).reversed())
                .toList();
    }
}
