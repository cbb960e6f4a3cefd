package dev.engram.retrieval.service;

import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Finds the nuclei of a search: the episodes the query hits directly, best first. */
@ApplicationScoped
public class NucleusSearch {

    private final VectorClient vector;
    private final RetrievalConfig config;

    public NucleusSearch(VectorClient vector, RetrievalConfig config) {
        this.vector = vector;
        this.config = config;
    }

    /**
     * The nuclei of {@code query} within the request's scope and filter: one per hit, since vector-service
     * answers one hit per episode, the episode's best-matching unit. The ranking by meaning is of {@code
     * meaningQuery} when it is not blank: a query the same search has already asked, which {@code query} widens
     * with a few words for BM25 only; its embedding is not computed again.
     */
    public Uni<List<Nucleus>> find(SearchRequest request, String query, String meaningQuery) {
        return vector.search(request.scope(), query, meaningQuery, hitLimit(request.topK()), request.filter())
                .map(hits -> hits.stream()
                        .map(hit -> new Nucleus(hit.getEpisodeId(), hit.getScore(), hit.getText()))
                        .toList());
    }

    /** Over-fetches, because nuclei that neighbour each other end up in one cluster. */
    public int hitLimit(int topK) {
        long wanted = (long) topK * Math.max(1, config.overFetchFactor());
        return (int) Math.max(topK, Math.min(wanted, config.maxVectorHits()));
    }
}
