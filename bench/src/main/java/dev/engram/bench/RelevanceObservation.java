package dev.engram.bench;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What one search answered, as the relevance measurement keeps it: every returned cluster with its similarity,
 * its relevance and whether it holds evidence, plus what is needed to rebuild the ranked turn list with some
 * clusters left out.
 *
 * @param id names the question within its run, e.g. {@code conv-26#12} (the 12th question asked of that user)
 * @param group the LoCoMo category or the LongMemEval question type
 * @param question the question asked
 * @param answerable false for a question that should find nothing relevant (LoCoMo adversarial, LongMemEval
 *     abstention)
 * @param evidence the question's evidence turns; empty when it is not answerable
 * @param clusters the episodic clusters in the order returned
 * @param words the words the word budget charges for each returned turn
 */
public record RelevanceObservation(
        String id,
        String group,
        String question,
        boolean answerable,
        List<String> evidence,
        List<Cluster> clusters,
        Map<String, Integer> words) {

    public RelevanceObservation {
        evidence = List.copyOf(evidence);
        clusters = List.copyOf(clusters);
        words = Map.copyOf(words);
    }

    /**
     * One returned cluster.
     *
     * @param similarity the best cosine of the question to any of its episodes, mapped to [0, 1], as returned
     * @param relevance the server's calibration of the similarity, as returned
     * @param holdsEvidence whether any of its episodes is an evidence turn of the question
     * @param turns its episodes' turn ids, in the order returned
     */
    public record Cluster(double similarity, double relevance, boolean holdsEvidence, List<String> turns) {

        public Cluster {
            turns = List.copyOf(turns);
        }
    }

    /** The highest similarity of any returned cluster; 0 when none was returned. */
    public double topSimilarity() {
        return clusters.stream().mapToDouble(Cluster::similarity).max().orElse(0);
    }

    /** The highest relevance of any returned cluster, as the trace's {@code best_relevance}; 0 when none. */
    public double topRelevance() {
        return clusters.stream().mapToDouble(Cluster::relevance).max().orElse(0);
    }

    /**
     * The ranked turn list of the clusters kept, built as for the recall measures: clusters in order, their
     * episodes in order, each turn once.
     */
    public List<String> rankedTurns(Predicate<Cluster> keep) {
        Set<String> turns = new LinkedHashSet<>();
        clusters.stream().filter(keep).forEach(cluster -> turns.addAll(cluster.turns()));
        return List.copyOf(turns);
    }

    public int wordsOf(String turn) {
        return words.getOrDefault(turn, 0);
    }
}
