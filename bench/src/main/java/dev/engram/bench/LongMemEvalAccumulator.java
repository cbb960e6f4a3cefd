package dev.engram.bench;

import java.util.ArrayList;
import java.util.List;

/** Sums the scores of LongMemEval questions one at a time and yields the means. */
final class LongMemEvalAccumulator {

    private final double[][] sessions = new double[3][LongMemEvalMetrics.CUTOFFS.size()];
    private final double[][] turns = new double[3][LongMemEvalMetrics.CUTOFFS.size()];
    private double turnRecallAt10;
    private double turnRecallWithinBudget;
    private double rankedTurns;
    private double rankedSessions;
    private int questions;
    private int shortLists;

    void add(LongMemEvalScores question) {
        add(sessions, question.sessions());
        add(turns, question.turns());
        turnRecallAt10 += question.turnRecallAt10();
        turnRecallWithinBudget += question.turnRecallWithinBudget();
        rankedTurns += question.rankedTurns();
        rankedSessions += question.rankedSessions();
        questions += question.questions();
        shortLists += question.shortLists();
    }

    LongMemEvalScores scores() {
        return new LongMemEvalScores(
                means(sessions),
                means(turns),
                mean(turnRecallAt10),
                mean(turnRecallWithinBudget),
                mean(rankedTurns),
                mean(rankedSessions),
                questions,
                shortLists);
    }

    private static void add(double[][] sums, CutoffScores scores) {
        for (int i = 0; i < LongMemEvalMetrics.CUTOFFS.size(); i++) {
            sums[0][i] += scores.recallAny().get(i);
            sums[1][i] += scores.recallAll().get(i);
            sums[2][i] += scores.ndcg().get(i);
        }
    }

    private CutoffScores means(double[][] sums) {
        return new CutoffScores(means(sums[0]), means(sums[1]), means(sums[2]));
    }

    private List<Double> means(double[] sums) {
        List<Double> means = new ArrayList<>();
        for (double sum : sums) {
            means.add(mean(sum));
        }
        return means;
    }

    private double mean(double sum) {
        return questions == 0 ? 0.0 : sum / questions;
    }
}
