package dev.engram.retrieval.rerank;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Keeps the order of the hybrid nucleus search, which is itself a reciprocal-rank fusion of the dense
 * and BM25 rankings. Alone it is the cheapest reranker; fused with others it keeps their mistakes
 * from overturning a strong first-stage match.
 */
@ApplicationScoped
public class RetrievalOrderReranker implements ClusterReranker {

    public static final String NAME = "rrf";

    @Override
    public boolean readsQuery() {
        return false;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = -candidates.get(i).retrievalRank();
        }
        return scores;
    }
}
