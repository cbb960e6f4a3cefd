package dev.engram.bench;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

/** The recall measures of the benchmark guide, on one question's ranked turn list. */
public final class RecallMetrics {

    /** The rank cut-offs reported, in order. */
    public static final List<Integer> CUTOFFS = List.of(5, 10, 20, 50);

    /** The word budget of recall@1000w. */
    public static final int WORD_BUDGET = 1000;

    /** How recall@1000w treats the turn that does not fit, as printed with the results. */
    public static final String BUDGET_RULE = "turns are taken in rank order while the running total of their words"
            + " (whitespace-split words of \"<speaker>: <text> [image: <caption>]\") stays within "
            + WORD_BUDGET + "; the first turn that would exceed the budget ends the list and is not counted";

    private RecallMetrics() {}

    /** Share of the evidence turns among the first {@code k} ranked turns. */
    public static double recallAt(List<String> ranked, Collection<String> evidence, int k) {
        return recall(ranked.subList(0, Math.min(k, ranked.size())), evidence);
    }

    /** Share of the evidence turns among the ranked turns that fit in the word budget (see {@link #BUDGET_RULE}). */
    public static double recallWithinWords(
            List<String> ranked, Collection<String> evidence, ToIntFunction<String> wordsOf, int budget) {
        return recall(ranked.subList(0, turnsWithinWords(ranked, wordsOf, budget)), evidence);
    }

    /** How many of the first ranked turns fit in the word budget. */
    public static int turnsWithinWords(List<String> ranked, ToIntFunction<String> wordsOf, int budget) {
        int words = 0;
        for (int i = 0; i < ranked.size(); i++) {
            words += wordsOf.applyAsInt(ranked.get(i));
            if (words > budget) {
                return i;
            }
        }
        return ranked.size();
    }

    /** Whether the ranked list ended before the word budget was spent (it then held too few turns). */
    public static boolean exhaustedBeforeBudget(List<String> ranked, ToIntFunction<String> wordsOf, int budget) {
        return ranked.stream().mapToInt(wordsOf).sum() < budget;
    }

    private static double recall(List<String> retrieved, Collection<String> evidence) {
        Set<String> wanted = new HashSet<>(evidence);
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("a scored question has at least one evidence turn");
        }
        long found = new HashSet<>(retrieved).stream().filter(wanted::contains).count();
        return (double) found / wanted.size();
    }
}
