package dev.engram.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/** Asks a retriever every scored LongMemEval question and scores its ranked turns and sessions. */
public final class LongMemEvalEvaluation {

    private final List<LongMemEvalQuestion> questions;
    private final Map<String, Conversation> haystacks = new HashMap<>();

    public LongMemEvalEvaluation(LongMemEvalDataset dataset) {
        this.questions = dataset.questions();
        dataset.haystacks().forEach(haystack -> haystacks.put(haystack.sampleId(), haystack));
    }

    public LongMemEvalResult evaluate(Retriever retriever) {
        LongMemEvalAccumulator overall = new LongMemEvalAccumulator();
        SortedMap<String, LongMemEvalAccumulator> byType = new TreeMap<>();
        for (LongMemEvalQuestion question : questions) {
            LongMemEvalScores scores =
                    score(question, haystacks.get(question.questionId()), retriever.rank(question.query()));
            overall.add(scores);
            byType.computeIfAbsent(question.type(), type -> new LongMemEvalAccumulator())
                    .add(scores);
        }
        SortedMap<String, LongMemEvalScores> typeScores = new TreeMap<>();
        byType.forEach((type, sums) -> typeScores.put(type, sums.scores()));
        return new LongMemEvalResult(retriever.name(), overall.scores(), typeScores, retriever.cost());
    }

    /** The scores of one question's ranked turn list; a turn not of its haystack counts as a miss of no words. */
    static LongMemEvalScores score(LongMemEvalQuestion question, Conversation haystack, List<String> rankedTurns) {
        List<String> rankedSessions = LongMemEvalMetrics.rankedSessions(rankedTurns, haystack::sessionIdOf);
        ToIntFunction<String> wordsOf = id -> haystack.turn(id).map(Turn::words).orElse(0);
        List<String> evidence = question.evidenceTurns();
        boolean shortList = RecallMetrics.exhaustedBeforeBudget(rankedTurns, wordsOf, RecallMetrics.WORD_BUDGET);
        return new LongMemEvalScores(
                CutoffScores.of(rankedSessions, question.evidenceSessions()),
                CutoffScores.of(rankedTurns, evidence),
                RecallMetrics.recallAt(rankedTurns, evidence, LongMemEvalMetrics.TURN_RECALL_CUTOFF),
                RecallMetrics.recallWithinWords(rankedTurns, evidence, wordsOf, RecallMetrics.WORD_BUDGET),
                rankedTurns.size(),
                rankedSessions.size(),
                1,
                shortList ? 1 : 0);
    }
}
