package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.Scope;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.EpisodeCluster.Relevance;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;

/**
 * Gives every cluster a relevance that means the same for every query. The order of a search comes from
 * reciprocal-rank fusion, whose values only rank (a real hit and a question about something never mentioned both
 * score about 1/61); what can be compared across queries is how close the question comes to the cluster by
 * meaning, the best cosine of the question to any sentence of its episodes. A logistic calibration, fitted on
 * benchmark questions with known evidence, turns that similarity into the probability-like {@code relevance}.
 *
 * <p>Only the user's own question is compared, never a strategy's sub-queries: the relevance answers "is this
 * about what was asked?".
 */
@ApplicationScoped
public class RelevanceScoring {

    private final VectorClient vector;
    private final RetrievalConfig.Relevance calibration;

    public RelevanceScoring(VectorClient vector, RetrievalConfig config) {
        this.vector = vector;
        this.calibration = config.relevance();
    }

    /** The clusters in the same order, each with its similarity to the question and its relevance. */
    public Uni<List<EpisodeCluster>> score(Scope scope, String question, List<EpisodeCluster> clusters) {
        if (clusters.isEmpty()) {
            return Uni.createFrom().item(clusters);
        }
        List<String> ids = clusters.stream()
                .flatMap(cluster -> cluster.episodes().stream())
                .map(Episode::getId)
                .toList();
        Scope user = Scope.newBuilder()
                .setProject(scope.getProject())
                .setUserId(scope.getUserId())
                .build();
        return vector.similarity(user, question, ids)
                .map(similarity -> clusters.stream()
                        .map(cluster -> cluster.withRelevance(relevance(cluster, similarity)))
                        .toList());
    }

    private Relevance relevance(EpisodeCluster cluster, Map<String, Float> similarity) {
        float best = (float) cluster.episodes().stream()
                .mapToDouble(episode -> similarity.getOrDefault(episode.getId(), 0f))
                .max()
                .orElse(0);
        return new Relevance(best, (float) calibrated(best));
    }

    /** The logistic calibration of a similarity. */
    double calibrated(double similarity) {
        return 1 / (1 + Math.exp(-(calibration.slope() * similarity + calibration.intercept())));
    }
}
