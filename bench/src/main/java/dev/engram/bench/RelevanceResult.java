package dev.engram.bench;

import java.util.List;

/**
 * How well the clusters' relevance tells evidence from the rest, and answerable questions from those that should
 * find nothing relevant, on one dataset (or several pooled).
 *
 * @param dataset the benchmark, or {@code pooled}
 * @param pass the Engram pass whose answers were measured
 * @param answerableQuestions questions with evidence, whose clusters are labelled and fitted
 * @param unanswerableQuestions questions that should find nothing relevant
 * @param clusters clusters returned to the answerable questions
 * @param evidenceClusters those of them holding an evidence turn
 * @param fitted the logistic regression of the label on the similarity over those clusters; null without any
 * @param serverReadBack the server's calibration read back from the returned pairs; null when it cannot be
 * @param calibrations the fitted calibration first (when there is one), then the server's as returned, then any
 *     other calibration applied (such as a pooled fit)
 * @param depthFits the same regression over only the first k clusters of each answer, for the depths of {@link
 *     RelevanceAnalysis#FIT_DEPTHS}: what a cluster's similarity says depends on how deep in the answer it was
 *     found, since evidence is rarer further down
 * @param groups top similarity and relevance by LoCoMo category or LongMemEval question type
 * @param closestUnanswerable the unanswerable questions with the highest top relevance, highest first
 */
public record RelevanceResult(
        String dataset,
        String pass,
        int answerableQuestions,
        int unanswerableQuestions,
        int clusters,
        int evidenceClusters,
        LogisticCalibration fitted,
        LogisticCalibration serverReadBack,
        List<Calibration> calibrations,
        Separation separation,
        List<DepthFit> depthFits,
        List<GroupTop> groups,
        List<Unanswered> closestUnanswerable) {

    public RelevanceResult {
        calibrations = List.copyOf(calibrations);
        depthFits = List.copyOf(depthFits);
        groups = List.copyOf(groups);
        closestUnanswerable = List.copyOf(closestUnanswerable);
    }

    /**
     * One way of turning a cluster's similarity into a relevance, and what it gives.
     *
     * @param name e.g. {@code fitted on this run}
     * @param parameters its slope and intercept; null for the relevance as the server returned it
     * @param brier the mean squared difference of relevance and label over the answerable questions' clusters
     * @param logLoss the mean negative log-likelihood of the labels over the same clusters
     * @param thresholds one row per {@code min_relevance} of {@link RelevanceAnalysis#THRESHOLDS}
     * @param largestWithinPoint the largest {@code min_relevance} of the table whose recall@10 is within
     *     {@link RelevanceAnalysis#RECALL_TOLERANCE} of the recall@10 at 0
     */
    public record Calibration(
            String name,
            LogisticCalibration parameters,
            double brier,
            double logLoss,
            List<ThresholdRow> thresholds,
            double largestWithinPoint) {

        public Calibration {
            thresholds = List.copyOf(thresholds);
        }
    }

    /**
     * What a {@code min_relevance} leaves, applied to the answers offline.
     *
     * @param recallAt10 answerable questions' turn recall@10 over the clusters kept
     * @param recallWithinWords answerable questions' turn recall within the word budget over the clusters kept
     * @param answerableLeftEmpty share of answerable questions left without a cluster
     * @param unanswerableLeftEmpty share of unanswerable questions left without a cluster; NaN without any
     * @param clustersKept mean clusters kept per answerable question
     */
    public record ThresholdRow(
            double minRelevance,
            double recallAt10,
            double recallWithinWords,
            double answerableLeftEmpty,
            double unanswerableLeftEmpty,
            double clustersKept) {}

    /**
     * How well a question's top relevance (and top similarity) tells answerable questions from unanswerable ones:
     * the AUC, the chance that an answerable question scores above an unanswerable one (ties count half); NaN
     * when either kind is missing.
     */
    public record Separation(
            double aucTopRelevance,
            double aucTopSimilarity,
            double meanTopRelevanceAnswerable,
            double meanTopRelevanceUnanswerable,
            double meanTopSimilarityAnswerable,
            double meanTopSimilarityUnanswerable) {}

    /**
     * The regression over the first {@code depth} clusters of each answerable question's answer.
     *
     * @param fit null without any cluster
     */
    public record DepthFit(int depth, int clusters, int evidenceClusters, LogisticCalibration fit) {}

    /** The mean top similarity and relevance of one category or question type. */
    public record GroupTop(
            String group, boolean answerable, int questions, double meanTopSimilarity, double meanTopRelevance) {}

    /** An unanswerable question and the best its search found. */
    public record Unanswered(String id, String group, String question, double topSimilarity, double topRelevance) {}
}
