package dev.engram.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/** Asks a retriever every scored question and measures its recall against the evidence. */
public final class RecallEvaluation {

    private final List<Question> questions;
    private final Map<String, Conversation> conversations;

    public RecallEvaluation(LocomoDataset dataset) {
        this.questions = dataset.questions();
        Map<String, Conversation> bySample = new HashMap<>();
        dataset.conversations().forEach(conversation -> bySample.put(conversation.sampleId(), conversation));
        this.conversations = bySample;
    }

    public RetrieverResult evaluate(Retriever retriever) {
        RecallAccumulator overall = new RecallAccumulator();
        SortedMap<Integer, RecallAccumulator> byCategory = new TreeMap<>();
        for (Question question : questions) {
            Conversation conversation = conversations.get(question.sampleId());
            ToIntFunction<String> wordsOf =
                    id -> conversation.turn(id).map(Turn::words).orElse(0);
            List<String> ranked = retriever.rank(question);
            List<Double> atCutoffs = new ArrayList<>();
            for (int cutoff : RecallMetrics.CUTOFFS) {
                atCutoffs.add(RecallMetrics.recallAt(ranked, question.evidence(), cutoff));
            }
            double withinBudget =
                    RecallMetrics.recallWithinWords(ranked, question.evidence(), wordsOf, RecallMetrics.WORD_BUDGET);
            boolean shortList = RecallMetrics.exhaustedBeforeBudget(ranked, wordsOf, RecallMetrics.WORD_BUDGET);
            overall.add(atCutoffs, withinBudget, shortList);
            byCategory
                    .computeIfAbsent(question.category(), category -> new RecallAccumulator())
                    .add(atCutoffs, withinBudget, shortList);
        }
        SortedMap<Integer, RecallScores> categoryScores = new TreeMap<>();
        byCategory.forEach((category, sums) -> categoryScores.put(category, sums.scores()));
        return new RetrieverResult(retriever.name(), overall.scores(), categoryScores, retriever.cost());
    }
}
