package dev.engram.vector.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Query embeddings, with a small memory of recent ones for the similarity requests of the rerank
 * stage, which follow a search for the same query and should not embed it a second time. Searches
 * always embed afresh: a repeated search would otherwise look faster than a new one in every
 * benchmark that asks the same questions twice. Searches of one query running at the same moment (the
 * direct search and a graph or tree search beside it) share one embedding.
 */
@ApplicationScoped
public class QueryEmbeddings {

    static final int CAPACITY = 256;

    private final EmbeddingModel model;
    private final Timer embedTimer;
    private final Map<String, float[]> recent = new LinkedHashMap<>(CAPACITY, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > CAPACITY;
        }
    };

    private final ConcurrentHashMap<String, CompletableFuture<float[]>> inFlight = new ConcurrentHashMap<>();

    QueryEmbeddings(EmbeddingModel model, MeterRegistry registry) {
        this.model = model;
        // Beside the search's own timer, so that a search's time splits into its query's model run and the rest.
        this.embedTimer = Timer.builder("engram.vector.query.embed")
                .description("Time to run the model on one query")
                .register(registry);
    }

    /** Embeds {@code query} and remembers it; callers must not modify the returned array. */
    public float[] embed(String query) {
        CompletableFuture<float[]> mine = new CompletableFuture<>();
        CompletableFuture<float[]> running = inFlight.putIfAbsent(query, mine);
        if (running != null) {
            return running.join();
        }
        try {
            float[] vector =
                    embedTimer.record(() -> model.embed(query).content().vector());
            synchronized (recent) {
                recent.put(query, vector);
            }
            mine.complete(vector);
            return vector;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(query, mine);
        }
    }

    /** The remembered embedding of {@code query}, or a new one; callers must not modify it. */
    public float[] recentOrEmbed(String query) {
        synchronized (recent) {
            float[] known = recent.get(query);
            if (known != null) {
                return known;
            }
        }
        return embed(query);
    }
}
