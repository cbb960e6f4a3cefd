package dev.engram.vector.service;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.store.VectorStore;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Hybrid search: embeds the query, then lets the store fuse dense and BM25 rankings. Blocking. */
@ApplicationScoped
public class SearchService {

    private final VectorStore store;
    private final EmbeddingModel embeddingModel;
    private final Timer searchTimer;

    SearchService(VectorStore store, EmbeddingModel embeddingModel, MeterRegistry registry) {
        this.store = store;
        this.embeddingModel = embeddingModel;
        this.searchTimer = Timer.builder("engram.vector.search")
                .description("Time to embed a query and run the hybrid search")
                .register(registry);
    }

    /** The best units for the query inside the filter, best first, at most {@code limit}. */
    public List<UnitHit> search(UnitFilter filter, String query, int limit) {
        return searchTimer.record(() -> {
            float[] vector = embeddingModel.embed(query).content().vector();
            return store.search(new UnitQuery(query, vector, filter, limit));
        });
    }
}
