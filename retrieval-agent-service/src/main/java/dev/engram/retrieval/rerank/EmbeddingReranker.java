package dev.engram.retrieval.rerank;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.Scope;
import dev.engram.retrieval.client.VectorClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scores a cluster by the closest any of its episodes comes to the query by meaning, using the
 * vectors vector-service already holds (no text is embedded again). A neighbour that answers the
 * question better than the nucleus lifts its cluster.
 */
@ApplicationScoped
public class EmbeddingReranker implements ClusterReranker {

    public static final String NAME = "embedding";

    private final VectorClient vector;

    public EmbeddingReranker(VectorClient vector) {
        this.vector = vector;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** It waits for vector-service. */
    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        if (candidates.isEmpty()) {
            return new double[0];
        }
        Set<String> ids = new LinkedHashSet<>();
        candidates.forEach(c -> c.cluster().episodes().forEach(e -> ids.add(e.getId())));
        Scope scope = scopeOf(candidates.get(0).cluster().episodes().get(0));
        // The call ends by its deadline, retries included.
        Map<String, Float> similarity =
                vector.similarity(scope, query, ids).await().indefinitely();
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = candidates.get(i).cluster().episodes().stream()
                    .mapToDouble(e -> similarity.getOrDefault(e.getId(), 0f))
                    .max()
                    .orElse(0);
        }
        return scores;
    }

    /** The user whose memory is searched; every candidate belongs to that one user. */
    private static Scope scopeOf(Episode episode) {
        return Scope.newBuilder()
                .setProject(episode.getScope().getProject())
                .setUserId(episode.getScope().getUserId())
                .build();
    }
}
