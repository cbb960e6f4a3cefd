package dev.engram.vector.service;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Hybrid search: embeds the query, then lets the store fuse dense and BM25 rankings. Blocking. */
@ApplicationScoped
public class SearchService {

    private final VectorStore store;
    private final QueryEmbeddings embeddings;
    private final Timer searchTimer;

    SearchService(VectorStore store, QueryEmbeddings embeddings, MeterRegistry registry) {
        this.store = store;
        this.embeddings = embeddings;
        this.searchTimer = Timer.builder("engram.vector.search")
                .description("Time to embed a query and run the hybrid search")
                .register(registry);
    }

    /**
     * The best units for the query inside the filter, best first, at most {@code limit}. The ranking by meaning
     * is of {@code meaningQuery} when it is not blank: the text of a search just made, whose embedding is
     * remembered, and that {@code query} widens with a few words for BM25.
     */
    public List<UnitHit> search(UnitFilter filter, String query, String meaningQuery, int limit) {
        return searchTimer.record(() -> {
            float[] vector = meaningQuery.isBlank() ? embeddings.embed(query) : embeddings.recentOrEmbed(meaningQuery);
            return store.search(new UnitQuery(query, vector, filter, limit));
        });
    }

    /**
     * For each known episode of the user, its best similarity to the query by meaning, in [0, 1];
     * episodes that are unknown or not the user's are absent.
     */
    public Map<String, Float> similarity(String project, String userId, String query, Collection<String> episodeIds) {
        return store.similarity(project, userId, episodeIds, embeddings.recentOrEmbed(query));
    }
}
