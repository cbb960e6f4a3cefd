package dev.engram.bench;

/**
 * How a retriever did on one LongMemEval question, or on average over several.
 *
 * @param sessions the official measures on the ranked sessions
 * @param turns the official measures on the ranked turns
 * @param turnRecallAt10 share of the evidence turns among the first 10 ranked turns
 * @param turnRecallWithinBudget share of the evidence turns among the ranked turns within 1,000 words
 * @param rankedTurns length of the ranked turn list
 * @param rankedSessions length of the ranked session list: at k beyond it, the session measures are capped
 * @param questions how many questions these are the means of
 * @param shortLists questions whose ranked turn list held fewer words than the budget
 */
public record LongMemEvalScores(
        CutoffScores sessions,
        CutoffScores turns,
        double turnRecallAt10,
        double turnRecallWithinBudget,
        double rankedTurns,
        double rankedSessions,
        int questions,
        int shortLists) {}
