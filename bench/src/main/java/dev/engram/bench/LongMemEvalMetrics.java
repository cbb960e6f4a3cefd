package dev.engram.bench;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * LongMemEval's retrieval measures ({@code src/retrieval/eval_utils.py} of the official code) on one question's
 * ranked list, of sessions or of turns. The items of a ranked list are distinct.
 */
public final class LongMemEvalMetrics {

    /** The rank cut-offs of the official evaluation, in order. */
    public static final List<Integer> CUTOFFS = List.of(1, 3, 5, 10, 30, 50);

    /** The cut-off of the turn recall reported beside the word budget, as in the LoCoMo pass. */
    public static final int TURN_RECALL_CUTOFF = 10;

    /** How NDCG is computed, as printed with the results. */
    public static final String NDCG_RULE = "DCG as in the official eval_utils.py: ranks 1 and 2 weigh 1, rank r"
            + " weighs 1/log2(r) after that; the ideal DCG is that of min(k, evidence items) hits in a row";

    private LongMemEvalMetrics() {}

    /** 1 when at least one evidence item is among the first {@code k} ranked items, else 0. */
    public static double recallAny(List<String> ranked, Collection<String> evidence, int k) {
        Set<String> wanted = evidenceSet(evidence);
        return head(ranked, k).stream().anyMatch(wanted::contains) ? 1.0 : 0.0;
    }

    /** 1 when every evidence item is among the first {@code k} ranked items, else 0. */
    public static double recallAll(List<String> ranked, Collection<String> evidence, int k) {
        Set<String> wanted = evidenceSet(evidence);
        return new HashSet<>(head(ranked, k)).containsAll(wanted) ? 1.0 : 0.0;
    }

    /**
     * NDCG@k with binary relevance, exactly as the official code has it (see {@link #NDCG_RULE}). Its weights are
     * not the textbook 1/log2(r + 1): the official code starts the discount one rank later, and the numbers
     * published for LongMemEval are computed that way.
     */
    public static double ndcg(List<String> ranked, Collection<String> evidence, int k) {
        Set<String> wanted = evidenceSet(evidence);
        List<String> head = head(ranked, k);
        double actual = 0;
        for (int i = 0; i < head.size(); i++) {
            if (wanted.contains(head.get(i))) {
                actual += weight(i);
            }
        }
        double ideal = 0;
        for (int i = 0; i < Math.min(k, wanted.size()); i++) {
            ideal += weight(i);
        }
        return actual / ideal;
    }

    /** The discount of the item at a 0-based position: 1 for the first, 1/log2(position + 1) for the others. */
    private static double weight(int position) {
        return position == 0 ? 1.0 : 1.0 / (Math.log(position + 1) / Math.log(2));
    }

    /**
     * The ranked sessions of a ranked turn list: the sessions of its turns, each the first time one of its turns
     * appears. Turns of no known session are passed over.
     */
    public static List<String> rankedSessions(List<String> rankedTurns, Function<String, Optional<String>> sessionOf) {
        Set<String> sessions = new LinkedHashSet<>();
        for (String turn : rankedTurns) {
            sessionOf.apply(turn).ifPresent(sessions::add);
        }
        return List.copyOf(sessions);
    }

    private static List<String> head(List<String> ranked, int k) {
        return ranked.subList(0, Math.min(k, ranked.size()));
    }

    private static Set<String> evidenceSet(Collection<String> evidence) {
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException("a scored question has at least one evidence item");
        }
        return new HashSet<>(evidence);
    }
}
