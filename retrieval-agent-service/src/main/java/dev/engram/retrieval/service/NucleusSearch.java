package dev.engram.retrieval.service;

import dev.engram.proto.v1.VectorHit;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds the nuclei of a search: the episodes the query hits directly, best first. */
@ApplicationScoped
public class NucleusSearch {

    private final VectorClient vector;
    private final RetrievalConfig config;

    public NucleusSearch(VectorClient vector, RetrievalConfig config) {
        this.vector = vector;
        this.config = config;
    }

    /** The nuclei of {@code query} within the request's scope and filter. */
    public Uni<List<Nucleus>> find(SearchRequest request, String query) {
        return vector.search(request.scope(), query, hitLimit(request.topK()), request.filter())
                .map(NucleusSearch::nuclei);
    }

    /** Over-fetches, because several hits collapse into one nucleus or one cluster. */
    int hitLimit(int topK) {
        long wanted = (long) topK * Math.max(1, config.overFetchFactor());
        return (int) Math.max(topK, Math.min(wanted, config.maxVectorHits()));
    }

    /**
     * One nucleus per episode, in the order its first hit came, scored by its best hit. A hit is a
     * part of an episode, so one episode may be hit several times.
     */
    static List<Nucleus> nuclei(List<VectorHit> hits) {
        Map<String, VectorHit> best = new LinkedHashMap<>();
        for (VectorHit hit : hits) {
            best.merge(hit.getEpisodeId(), hit, (kept, other) -> other.getScore() > kept.getScore() ? other : kept);
        }
        List<Nucleus> nuclei = new ArrayList<>(best.size());
        best.forEach((episodeId, hit) -> nuclei.add(new Nucleus(episodeId, hit.getScore(), hit.getText())));
        return nuclei;
    }
}
