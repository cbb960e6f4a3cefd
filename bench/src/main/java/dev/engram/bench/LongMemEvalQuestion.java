package dev.engram.bench;

import java.util.List;

/**
 * A LongMemEval question: a scored one, or an abstention question asked for the relevance measurement only. Its evidence is named by the ids the benchmark gave its haystack's sessions
 * and turns ({@code s3}, {@code s3:7}), never by the dataset's labels.
 *
 * @param questionId the dataset's {@code question_id}; also the sample id of its haystack, the only memory it
 *     may be answered from
 * @param type the {@code question_type}, e.g. {@code multi-session}
 * @param text the question
 * @param evidenceTurns the turns marked {@code has_answer}, of either role; never empty for a scored question,
 *     empty for an abstention question
 * @param evidenceSessions the sessions of {@code answer_session_ids}; never empty for a scored question, empty
 *     for an abstention question
 */
public record LongMemEvalQuestion(
        String questionId, String type, String text, List<String> evidenceTurns, List<String> evidenceSessions) {

    /** LongMemEval questions have no LoCoMo category. */
    static final int NO_CATEGORY = 0;

    public LongMemEvalQuestion {
        evidenceTurns = List.copyOf(evidenceTurns);
        evidenceSessions = List.copyOf(evidenceSessions);
    }

    /** The question as the retrievers take it: asked of its own haystack, with its evidence turns. */
    public Question query() {
        return new Question(questionId, text, NO_CATEGORY, evidenceTurns);
    }
}
