package dev.engram.bench;

import java.util.ArrayList;
import java.util.List;

/** Sums the recall of questions one at a time and yields the means. */
final class RecallAccumulator {

    private final double[] atCutoffs = new double[RecallMetrics.CUTOFFS.size()];
    private double withinBudget;
    private int questions;
    private int shortLists;

    void add(List<Double> recallAtCutoffs, double recallWithinBudget, boolean shortList) {
        for (int i = 0; i < atCutoffs.length; i++) {
            atCutoffs[i] += recallAtCutoffs.get(i);
        }
        withinBudget += recallWithinBudget;
        questions++;
        if (shortList) {
            shortLists++;
        }
    }

    RecallScores scores() {
        List<Double> means = new ArrayList<>();
        for (double sum : atCutoffs) {
            means.add(mean(sum));
        }
        return new RecallScores(means, mean(withinBudget), questions, shortLists);
    }

    private double mean(double sum) {
        return questions == 0 ? 0.0 : sum / questions;
    }
}
