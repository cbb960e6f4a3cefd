package dev.engram.bench;

import java.util.List;

/**
 * Mean recall over a set of questions.
 *
 * @param atCutoffs recall@k for each k of {@link RecallMetrics#CUTOFFS}, in that order
 * @param withinBudget recall@1000w
 * @param questions how many questions the means are over
 * @param shortLists questions whose ranked list held fewer words than the budget
 */
public record RecallScores(List<Double> atCutoffs, double withinBudget, int questions, int shortLists) {

    public RecallScores {
        atCutoffs = List.copyOf(atCutoffs);
    }

    public double at(int cutoff) {
        int index = RecallMetrics.CUTOFFS.indexOf(cutoff);
        if (index < 0) {
            throw new IllegalArgumentException("recall@" + cutoff + " is not measured");
        }
        return atCutoffs.get(index);
    }
}
