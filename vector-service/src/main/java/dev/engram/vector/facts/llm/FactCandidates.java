package dev.engram.vector.facts.llm;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.Vectors;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The known facts an LLM is shown beside new ones, so that it can update or skip rather than add: a known fact
 * qualifies when it shares a person with a new fact or is about overlapping days, and is scored by its best
 * pairing with a new fact, {@code α·cos + β·Jaccard(keywords)}; the best few are kept.
 */
public final class FactCandidates {

    private final double cosineWeight;
    private final double keywordWeight;
    private final int limit;

    public FactCandidates(double cosineWeight, double keywordWeight, int limit) {
        this.cosineWeight = cosineWeight;
        this.keywordWeight = keywordWeight;
        this.limit = limit;
    }

    /**
     * The best {@code limit} of {@code known}, best first.
     *
     * @param vectors the embedding of every known and new fact's text, by fact id
     */
    public List<Fact> best(List<Fact> known, List<Fact> fresh, Map<String, float[]> vectors) {
        record Scored(Fact fact, double score) {}
        return known.stream()
                .map(candidate -> new Scored(candidate, score(candidate, fresh, vectors)))
                .filter(scored -> scored.score() > Double.NEGATIVE_INFINITY)
                .sorted(Comparator.comparingDouble(Scored::score).reversed())
                .limit(limit)
                .map(Scored::fact)
                .toList();
    }

    private double score(Fact candidate, List<Fact> fresh, Map<String, float[]> vectors) {
        double best = Double.NEGATIVE_INFINITY;
        for (Fact fact : fresh) {
            if (related(candidate, fact)) {
                double score =
                        cosineWeight * Vectors.cosine(vectors.get(candidate.factId()), vectors.get(fact.factId()))
                                + keywordWeight * jaccard(candidate.keywords(), fact.keywords());
                best = Math.max(best, score);
            }
        }
        return best;
    }

    static boolean related(Fact known, Fact fresh) {
        boolean sharePerson = known.participants().stream().anyMatch(fresh.participants()::contains);
        boolean shareDays = known.from() != null
                && fresh.from() != null
                && !known.to().isBefore(fresh.from())
                && !fresh.to().isBefore(known.from());
        return sharePerson || shareDays;
    }

    static double jaccard(List<String> one, List<String> other) {
        Set<String> union = new HashSet<>(one);
        union.addAll(other);
        if (union.isEmpty()) {
            return 0;
        }
        long shared = one.stream().distinct().filter(other::contains).count();
        return (double) shared / union.size();
    }
}
