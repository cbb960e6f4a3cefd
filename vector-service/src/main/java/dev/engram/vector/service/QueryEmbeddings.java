package dev.engram.vector.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Query embeddings with a small memory of recent ones. A search is followed by a similarity request
 * for the same query (the rerank stage), and agents repeat queries; embedding is the dearest step of
 * both, and a repeated query must not pay it twice.
 */
@ApplicationScoped
public class QueryEmbeddings {

    static final int CAPACITY = 256;

    private final EmbeddingModel model;
    private final Map<String, float[]> recent = new LinkedHashMap<>(CAPACITY, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > CAPACITY;
        }
    };

    QueryEmbeddings(EmbeddingModel model) {
        this.model = model;
    }

    /** The embedding of {@code query}; callers must not modify the returned array. */
    public float[] of(String query) {
        synchronized (recent) {
            float[] known = recent.get(query);
            if (known != null) {
                return known;
            }
        }
        // Embedded outside the lock: two threads may embed the same new query once each, harmlessly.
        float[] vector = model.embed(query).content().vector();
        synchronized (recent) {
            recent.put(query, vector);
        }
        return vector;
    }
}
