package dev.engram.bench;

import dev.engram.bench.RelevanceResult.ThresholdRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * The relevance measurement of one Engram pass: a logistic calibration of the clusters' similarity fitted on the
 * answerable questions' clusters (labelled by whether they hold evidence), its fit against the server's current
 * calibration, how well the top relevance separates answerable from unanswerable questions, and what each
 * {@code min_relevance} would leave, applied offline to the answers.
 */
public final class RelevanceAnalysis {

    /** The {@code min_relevance} values of the threshold table: 0, 0.1, ..., 0.9. */
    public static final List<Double> THRESHOLDS =
            IntStream.rangeClosed(0, 9).mapToObj(i -> i / 10.0).toList();

    /** The depths of the fits by depth: the first 1, 5 and 10 clusters of each answer (10 is the API's top_k). */
    public static final List<Integer> FIT_DEPTHS = List.of(1, 5, 10);

    /** How far below its value at 0 recall@10 may fall for a {@code min_relevance} to count as harmless. */
    public static final double RECALL_TOLERANCE = 0.01;

    /** The rank cut-off of the threshold table's recall. */
    static final int RECALL_CUTOFF = 10;

    static final String FITTED = "fitted on these answers";
    static final String SERVER = "server's current (as returned)";
    private static final int CLOSEST_UNANSWERABLE = 5;
    private static final double SMALLEST_PROBABILITY = 1e-12;

    private RelevanceAnalysis() {}

    /**
     * @param others further calibrations to apply, by name (e.g. a fit pooled over datasets)
     */
    public static RelevanceResult analyse(
            String dataset,
            String pass,
            List<RelevanceObservation> observations,
            Map<String, LogisticCalibration> others) {
        List<RelevanceObservation.Cluster> labelled = observations.stream()
                .filter(RelevanceObservation::answerable)
                .flatMap(observation -> observation.clusters().stream())
                .toList();
        double[] similarity = labelled.stream()
                .mapToDouble(RelevanceObservation.Cluster::similarity)
                .toArray();
        double[] returned = labelled.stream()
                .mapToDouble(RelevanceObservation.Cluster::relevance)
                .toArray();
        boolean[] label = new boolean[labelled.size()];
        for (int i = 0; i < label.length; i++) {
            label[i] = labelled.get(i).holdsEvidence();
        }
        LogisticCalibration fitted =
                labelled.isEmpty() ? null : LogisticCalibration.fit(similarity, label, LogisticCalibration.L2);

        List<RelevanceResult.Calibration> calibrations = new ArrayList<>();
        if (fitted != null) {
            calibrations.add(calibration(FITTED, fitted, observations, similarity, label));
        }
        List<ThresholdRow> serverRows = thresholds(observations, RelevanceObservation.Cluster::relevance);
        calibrations.add(new RelevanceResult.Calibration(
                SERVER,
                null,
                brier(returned, label),
                logLoss(returned, label),
                serverRows,
                largestWithin(serverRows, RECALL_TOLERANCE)));
        others.forEach(
                (name, parameters) -> calibrations.add(calibration(name, parameters, observations, similarity, label)));

        double[] allSimilarity = observations.stream()
                .flatMap(observation -> observation.clusters().stream())
                .mapToDouble(RelevanceObservation.Cluster::similarity)
                .toArray();
        double[] allRelevance = observations.stream()
                .flatMap(observation -> observation.clusters().stream())
                .mapToDouble(RelevanceObservation.Cluster::relevance)
                .toArray();
        return new RelevanceResult(
                dataset,
                pass,
                (int) observations.stream()
                        .filter(RelevanceObservation::answerable)
                        .count(),
                (int) observations.stream().filter(o -> !o.answerable()).count(),
                labelled.size(),
                (int) labelled.stream()
                        .filter(RelevanceObservation.Cluster::holdsEvidence)
                        .count(),
                fitted,
                LogisticCalibration.readBack(allSimilarity, allRelevance).orElse(null),
                calibrations,
                separation(observations),
                depthFits(observations),
                groups(observations),
                observations.stream()
                        .filter(o -> !o.answerable())
                        .sorted(Comparator.comparingDouble(RelevanceObservation::topRelevance)
                                .reversed())
                        .limit(CLOSEST_UNANSWERABLE)
                        .map(o -> new RelevanceResult.Unanswered(
                                o.id(), o.group(), o.question(), o.topSimilarity(), o.topRelevance()))
                        .toList());
    }

    private static RelevanceResult.Calibration calibration(
            String name,
            LogisticCalibration parameters,
            List<RelevanceObservation> observations,
            double[] similarity,
            boolean[] label) {
        double[] predicted = new double[similarity.length];
        for (int i = 0; i < similarity.length; i++) {
            predicted[i] = parameters.relevance(similarity[i]);
        }
        List<ThresholdRow> rows = thresholds(observations, cluster -> parameters.relevance(cluster.similarity()));
        return new RelevanceResult.Calibration(
                name,
                parameters,
                brier(predicted, label),
                logLoss(predicted, label),
                rows,
                largestWithin(rows, RECALL_TOLERANCE));
    }

    private static List<RelevanceResult.DepthFit> depthFits(List<RelevanceObservation> observations) {
        List<RelevanceResult.DepthFit> fits = new ArrayList<>();
        for (int depth : FIT_DEPTHS) {
            List<RelevanceObservation.Cluster> clusters = observations.stream()
                    .filter(RelevanceObservation::answerable)
                    .flatMap(o -> o.clusters().stream().limit(depth))
                    .toList();
            double[] similarity = clusters.stream()
                    .mapToDouble(RelevanceObservation.Cluster::similarity)
                    .toArray();
            boolean[] label = new boolean[clusters.size()];
            int evidence = 0;
            for (int i = 0; i < label.length; i++) {
                label[i] = clusters.get(i).holdsEvidence();
                evidence += label[i] ? 1 : 0;
            }
            fits.add(new RelevanceResult.DepthFit(
                    depth,
                    clusters.size(),
                    evidence,
                    clusters.isEmpty() ? null : LogisticCalibration.fit(similarity, label, LogisticCalibration.L2)));
        }
        return fits;
    }

    private static RelevanceResult.Separation separation(List<RelevanceObservation> observations) {
        double[] relevanceAnswerable = top(observations, true, RelevanceObservation::topRelevance);
        double[] relevanceUnanswerable = top(observations, false, RelevanceObservation::topRelevance);
        double[] similarityAnswerable = top(observations, true, RelevanceObservation::topSimilarity);
        double[] similarityUnanswerable = top(observations, false, RelevanceObservation::topSimilarity);
        return new RelevanceResult.Separation(
                auc(relevanceAnswerable, relevanceUnanswerable),
                auc(similarityAnswerable, similarityUnanswerable),
                mean(relevanceAnswerable),
                mean(relevanceUnanswerable),
                mean(similarityAnswerable),
                mean(similarityUnanswerable));
    }

    private static List<RelevanceResult.GroupTop> groups(List<RelevanceObservation> observations) {
        Map<String, List<RelevanceObservation>> byGroup = new TreeMap<>();
        observations.forEach(
                o -> byGroup.computeIfAbsent((o.answerable() ? "a " : "u ") + o.group(), g -> new ArrayList<>())
                        .add(o));
        List<RelevanceResult.GroupTop> groups = new ArrayList<>();
        byGroup.forEach((key, members) -> groups.add(new RelevanceResult.GroupTop(
                members.get(0).group(),
                members.get(0).answerable(),
                members.size(),
                members.stream()
                        .mapToDouble(RelevanceObservation::topSimilarity)
                        .average()
                        .orElse(Double.NaN),
                members.stream()
                        .mapToDouble(RelevanceObservation::topRelevance)
                        .average()
                        .orElse(Double.NaN))));
        return groups;
    }

    private static double[] top(
            List<RelevanceObservation> observations, boolean answerable, ToDoubleFunction<RelevanceObservation> score) {
        return observations.stream()
                .filter(o -> o.answerable() == answerable)
                .mapToDouble(score)
                .toArray();
    }

    /**
     * The area under the ROC curve of a score for positives against negatives: the share of (positive, negative)
     * pairs the positive wins, ties counting half; NaN when either side is empty.
     */
    public static double auc(double[] positives, double[] negatives) {
        if (positives.length == 0 || negatives.length == 0) {
            return Double.NaN;
        }
        double wins = 0;
        for (double positive : positives) {
            for (double negative : negatives) {
                wins += positive > negative ? 1 : positive == negative ? 0.5 : 0;
            }
        }
        return wins / ((double) positives.length * negatives.length);
    }

    /** The mean squared difference of predicted probability and label; NaN without any. */
    public static double brier(double[] predicted, boolean[] label) {
        double sum = 0;
        for (int i = 0; i < predicted.length; i++) {
            double error = predicted[i] - (label[i] ? 1 : 0);
            sum += error * error;
        }
        return predicted.length == 0 ? Double.NaN : sum / predicted.length;
    }

    /** The mean negative log-likelihood of the labels, probabilities kept within [1e-12, 1 - 1e-12]. */
    public static double logLoss(double[] predicted, boolean[] label) {
        double sum = 0;
        for (int i = 0; i < predicted.length; i++) {
            double p = Math.min(1 - SMALLEST_PROBABILITY, Math.max(SMALLEST_PROBABILITY, predicted[i]));
            sum -= Math.log(label[i] ? p : 1 - p);
        }
        return predicted.length == 0 ? Double.NaN : sum / predicted.length;
    }

    /**
     * One row per {@link #THRESHOLDS} value {@code t}: the clusters whose relevance is at least {@code t} are kept,
     * in their order, and the ranked turn list is built from them as for the recall measures.
     */
    public static List<ThresholdRow> thresholds(
            List<RelevanceObservation> observations, ToDoubleFunction<RelevanceObservation.Cluster> relevance) {
        List<RelevanceObservation> answerable =
                observations.stream().filter(RelevanceObservation::answerable).toList();
        List<RelevanceObservation> unanswerable =
                observations.stream().filter(o -> !o.answerable()).toList();
        List<ThresholdRow> rows = new ArrayList<>();
        for (double t : THRESHOLDS) {
            Predicate<RelevanceObservation.Cluster> keep = cluster -> relevance.applyAsDouble(cluster) >= t;
            double atCutoff = 0;
            double withinWords = 0;
            int answerableEmpty = 0;
            double kept = 0;
            for (RelevanceObservation o : answerable) {
                List<String> ranked = o.rankedTurns(keep);
                atCutoff += RecallMetrics.recallAt(ranked, o.evidence(), RECALL_CUTOFF);
                withinWords +=
                        RecallMetrics.recallWithinWords(ranked, o.evidence(), o::wordsOf, RecallMetrics.WORD_BUDGET);
                long clusters = o.clusters().stream().filter(keep).count();
                answerableEmpty += clusters == 0 ? 1 : 0;
                kept += clusters;
            }
            long unanswerableEmpty = unanswerable.stream()
                    .filter(o -> o.clusters().stream().noneMatch(keep))
                    .count();
            int n = answerable.size();
            rows.add(new ThresholdRow(
                    t,
                    n == 0 ? Double.NaN : atCutoff / n,
                    n == 0 ? Double.NaN : withinWords / n,
                    n == 0 ? Double.NaN : (double) answerableEmpty / n,
                    unanswerable.isEmpty() ? Double.NaN : (double) unanswerableEmpty / unanswerable.size(),
                    n == 0 ? Double.NaN : kept / n));
        }
        return rows;
    }

    /**
     * The largest {@code min_relevance} of the rows whose recall@10 is at most {@code tolerance} below that of the
     * first row (the one at 0); 0 when only the first qualifies.
     */
    public static double largestWithin(List<ThresholdRow> rows, double tolerance) {
        double floor = rows.get(0).recallAt10() - tolerance - 1e-12;
        double largest = rows.get(0).minRelevance();
        for (ThresholdRow row : rows) {
            if (row.recallAt10() >= floor) {
                largest = Math.max(largest, row.minRelevance());
            }
        }
        return largest;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return values.length == 0 ? Double.NaN : sum / values.length;
    }
}
