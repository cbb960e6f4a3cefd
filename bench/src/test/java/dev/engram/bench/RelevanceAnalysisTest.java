package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.bench.RelevanceObservation.Cluster;
import dev.engram.bench.RelevanceResult.ThresholdRow;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelevanceAnalysisTest {

    private static final LogisticCalibration SERVER = new LogisticCalibration(12, -9);

    /** A cluster whose similarity is what the server's calibration turns into the relevance given. */
    private static Cluster cluster(double relevance, boolean evidence, String... turns) {
        double similarity = (Math.log(relevance / (1 - relevance)) - SERVER.intercept()) / SERVER.slope();
        return new Cluster(similarity, relevance, evidence, List.of(turns));
    }

    /**
     * Q1 (evidence a2, b1): clusters of relevance 0.95 [a1 600 words, a2 300], 0.15 [x1 200], 0.45 [b1 50].
     * Q2 (evidence e1): one cluster, 0.25 [e1 10]. U (unanswerable): one cluster, 0.55 [u1 10].
     */
    static final List<RelevanceObservation> OBSERVATIONS = List.of(
            new RelevanceObservation(
                    "c#1",
                    "4 single-hop",
                    "Q1?",
                    true,
                    List.of("a2", "b1"),
                    List.of(cluster(0.95, true, "a1", "a2"), cluster(0.15, false, "x1"), cluster(0.45, true, "b1")),
                    Map.of("a1", 600, "a2", 300, "x1", 200, "b1", 50)),
            new RelevanceObservation(
                    "c#2",
                    "2 temporal",
                    "Q2?",
                    true,
                    List.of("e1"),
                    List.of(cluster(0.25, true, "e1")),
                    Map.of("e1", 10)),
            new RelevanceObservation(
                    "c#3",
                    "5 adversarial",
                    "U?",
                    false,
                    List.of(),
                    List.of(cluster(0.55, false, "u1")),
                    Map.of("u1", 10)));

    @Test
    void auc_counts_the_pairs_an_answerable_question_wins_ties_half() {
        // Pairs: 0.9 beats both, 0.6 beats both, 0.4 loses to 0.5 and ties 0.4: 4.5 of 6.
        assertThat(RelevanceAnalysis.auc(new double[] {0.9, 0.6, 0.4}, new double[] {0.5, 0.4}))
                .isEqualTo(0.75);
        assertThat(RelevanceAnalysis.auc(new double[] {0.2}, new double[] {0.3}))
                .isZero();
        assertThat(RelevanceAnalysis.auc(new double[] {0.2}, new double[0])).isNaN();
    }

    @Test
    void brier_and_log_loss_score_probabilities_against_labels() {
        double[] p = {0.8, 0.3};
        boolean[] y = {true, false};

        assertThat(RelevanceAnalysis.brier(p, y)).isCloseTo((0.04 + 0.09) / 2, within(1e-12));
        assertThat(RelevanceAnalysis.logLoss(p, y)).isCloseTo(-(Math.log(0.8) + Math.log(0.7)) / 2, within(1e-12));
    }

    @Test
    void the_threshold_table_drops_clusters_below_the_minimum_and_ranks_what_is_left() {
        List<ThresholdRow> rows = RelevanceAnalysis.thresholds(OBSERVATIONS, Cluster::relevance);

        assertThat(rows).extracting(ThresholdRow::minRelevance).hasSize(10).startsWith(0.0, 0.1, 0.2);
        // t = 0: Q1 ranks a1 a2 x1 b1 (recall@10 1; 600 + 300 fit, x1 would make 1,100: 0.5); Q2 1 and 1.
        assertRow(rows.get(0), 1.0, 0.75, 0, 0, 2.0);
        assertRow(rows.get(1), 1.0, 0.75, 0, 0, 2.0);
        // t = 0.2: x1 is dropped, so b1 fits in the budget.
        assertRow(rows.get(2), 1.0, 1.0, 0, 0, 1.5);
        // t = 0.3: Q2 is left without a cluster.
        assertRow(rows.get(3), 0.5, 0.5, 0.5, 0, 1.0);
        assertRow(rows.get(4), 0.5, 0.5, 0.5, 0, 1.0);
        // t = 0.5: only Q1's first cluster is left; the unanswerable question's 0.55 still passes.
        assertRow(rows.get(5), 0.25, 0.25, 0.5, 0, 0.5);
        // t = 0.6 to 0.9: the unanswerable question is left without a cluster.
        assertRow(rows.get(6), 0.25, 0.25, 0.5, 1, 0.5);
        assertRow(rows.get(9), 0.25, 0.25, 0.5, 1, 0.5);
        assertThat(RelevanceAnalysis.largestWithin(rows, 0.01)).isEqualTo(0.2);
        assertThat(RelevanceAnalysis.largestWithin(rows, 0.6)).isEqualTo(0.4);
    }

    private static void assertRow(
            ThresholdRow row,
            double recall,
            double withinWords,
            double answerableEmpty,
            double unanswerableEmpty,
            double kept) {
        assertThat(row.recallAt10()).as("recall@10 at %s", row.minRelevance()).isCloseTo(recall, within(1e-12));
        assertThat(row.recallWithinWords())
                .as("recall@1000w at %s", row.minRelevance())
                .isCloseTo(withinWords, within(1e-12));
        assertThat(row.answerableLeftEmpty())
                .as("answerable empty at %s", row.minRelevance())
                .isCloseTo(answerableEmpty, within(1e-12));
        assertThat(row.unanswerableLeftEmpty())
                .as("unanswerable empty at %s", row.minRelevance())
                .isCloseTo(unanswerableEmpty, within(1e-12));
        assertThat(row.clustersKept())
                .as("clusters kept at %s", row.minRelevance())
                .isCloseTo(kept, within(1e-12));
    }

    @Test
    void the_analysis_fits_reads_back_the_server_and_measures_separation() {
        RelevanceResult result = RelevanceAnalysis.analyse("LoCoMo", "engram", OBSERVATIONS, Map.of());

        assertThat(result.answerableQuestions()).isEqualTo(2);
        assertThat(result.unanswerableQuestions()).isEqualTo(1);
        assertThat(result.clusters()).isEqualTo(4);
        assertThat(result.evidenceClusters()).isEqualTo(3);
        assertThat(result.serverReadBack().slope()).isCloseTo(12, within(1e-6));
        assertThat(result.serverReadBack().intercept()).isCloseTo(-9, within(1e-6));
        assertThat(result.calibrations())
                .extracting(RelevanceResult.Calibration::name)
                .containsExactly(RelevanceAnalysis.FITTED, RelevanceAnalysis.SERVER);
        RelevanceResult.Calibration server = result.calibrations().get(1);
        // Server: relevance 0.95, 0.15, 0.45, 0.25 against labels 1, 0, 1, 1.
        assertThat(server.brier())
                .isCloseTo((0.05 * 0.05 + 0.15 * 0.15 + 0.55 * 0.55 + 0.75 * 0.75) / 4, within(1e-12));
        assertThat(server.largestWithinPoint()).isEqualTo(0.2);
        // The fit is in-sample the better of the two (it maximizes the likelihood).
        assertThat(result.calibrations().get(0).logLoss()).isLessThan(server.logLoss());
        // Top relevance: answerable 0.95 and 0.25, unanswerable 0.55: one pair of two won.
        assertThat(result.separation().aucTopRelevance()).isEqualTo(0.5);
        assertThat(result.separation().aucTopSimilarity()).isEqualTo(0.5);
        assertThat(result.separation().meanTopRelevanceAnswerable()).isCloseTo(0.6, within(1e-12));
        assertThat(result.closestUnanswerable())
                .extracting(RelevanceResult.Unanswered::question)
                .containsExactly("U?");
        // First 1 cluster of each answerable answer: Q1's 0.95 and Q2's 0.25, both evidence; first 5: all four.
        assertThat(result.depthFits())
                .extracting(
                        RelevanceResult.DepthFit::depth,
                        RelevanceResult.DepthFit::clusters,
                        RelevanceResult.DepthFit::evidenceClusters)
                .containsExactly(tuple(1, 2, 2), tuple(5, 4, 3), tuple(10, 4, 3));
        assertThat(result.depthFits().get(2).fit()).isEqualTo(result.fitted());
        assertThat(result.groups())
                .extracting(RelevanceResult.GroupTop::group)
                .containsExactly("2 temporal", "4 single-hop", "5 adversarial");
    }

    @Test
    void reports_carry_the_tables_and_the_observations_round_trip() {
        RelevanceResult result = RelevanceAnalysis.analyse(
                "LoCoMo", "engram", OBSERVATIONS, Map.of("pooled fit", new LogisticCalibration(10, -7)));

        String markdown = RelevanceReportWriter.markdown(result);
        assertThat(markdown)
                .contains("## Relevance: calibration and separation (LoCoMo)")
                .contains("| server's current (as returned) | 12.00 | -9.00 |")
                .contains("| pooled fit | 10.00 | -7.00 |")
                .contains("| first k clusters | clusters | holding evidence | slope | intercept |")
                .contains("| 5 | 4 | 3 |")
                .contains("| relevance (server's) | 0.500 | 0.600 | 0.550 |")
                .contains("### min_relevance applied offline, calibration: server's current (as returned)\n\n"
                        + "| min_relevance | R@10 | R@1000w | answerable left empty | unanswerable left empty |"
                        + " clusters kept |\n|---|---|---|---|---|---|\n"
                        + "| 0.0 | 1.000 | 0.750 | 0.000 | 0.000 | 2.0 |\n")
                .contains("| 0.6 | 0.250 | 0.250 | 0.500 | 1.000 | 0.5 |")
                .contains("within 0.01 of its value at 0: **0.2**");

        ObjectMapper mapper = new ObjectMapper();
        JsonNode json = RelevanceReportWriter.json(result, mapper);
        assertThat(json.at("/fitted/slope").asDouble())
                .isEqualTo(result.fitted().slope());
        assertThat(json.at("/calibrations/1/thresholds/2/recall@1000w").asDouble())
                .isEqualTo(1.0);
        assertThat(json.at("/calibrations/1/largest_min_relevance_within_tolerance")
                        .asDouble())
                .isEqualTo(0.2);
        assertThat(json.at("/separation/auc_top_relevance").asDouble()).isEqualTo(0.5);
        assertThat(json.at("/fits_by_depth/0/evidence_clusters").asInt()).isEqualTo(2);

        JsonNode written = RelevanceReportWriter.observationsJson("run-1", "LoCoMo", "engram", OBSERVATIONS, mapper);
        assertThat(RelevanceReportWriter.readObservations(written)).isEqualTo(OBSERVATIONS);
    }

    @Test
    void a_pool_fits_once_over_every_run_and_measures_each_run_under_it() {
        RelevancePool.Run locomo = new RelevancePool.Run("r1", "LoCoMo", "engram", OBSERVATIONS);
        RelevancePool.Run other = new RelevancePool.Run("r2", "LongMemEval", "engram", OBSERVATIONS.subList(0, 2));

        RelevancePool.Pooled pooled = RelevancePool.pool(List.of(locomo, other));

        assertThat(pooled.all().clusters()).isEqualTo(8);
        assertThat(pooled.all().unanswerableQuestions()).isEqualTo(1);
        assertThat(pooled.byRun()).hasSize(2);
        RelevanceResult.Calibration underPool =
                pooled.byRun().get(1).calibrations().get(2);
        assertThat(underPool.name()).isEqualTo(RelevancePool.POOLED_FIT);
        assertThat(underPool.parameters()).isEqualTo(pooled.all().fitted());
        String markdown = RelevancePool.markdown("relevance-pool-x", List.of(locomo, other), pooled);
        assertThat(markdown)
                .contains("| pooled | 4 | 8 | 6 |")
                .contains("## Relevance: calibration and separation (LongMemEval (r2))");
    }
}
