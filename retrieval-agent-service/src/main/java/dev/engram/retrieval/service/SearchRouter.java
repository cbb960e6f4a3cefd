package dev.engram.retrieval.service;

import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.SearchResult;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Chooses the strategy that answers a search and records why in the trace. */
@ApplicationScoped
public class SearchRouter {

    static final String DIRECT_REQUESTED = "direct search requested";
    static final String NO_ROUTING_YET = "auto: routing between strategies is not available yet, so direct search ran";

    private final DirectSearchPipeline direct;

    public SearchRouter(DirectSearchPipeline direct) {
        this.direct = direct;
    }

    public Uni<SearchResult> search(SearchRequest request) {
        return switch (request.mode()) {
            case DIRECT -> direct.run(request, DIRECT_REQUESTED);
            case AUTO -> direct.run(request, NO_ROUTING_YET);
        };
    }
}
