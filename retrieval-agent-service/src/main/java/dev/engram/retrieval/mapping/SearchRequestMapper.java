package dev.engram.retrieval.mapping;

import dev.engram.grpc.Violations;
import dev.engram.proto.v1.ContextBy;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.NeighbourPolicy;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.rerank.ClusterReranking;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Turns a wire request, which has kept the rules its proto declares, into a {@link SearchRequest}: unset
 * fields take the configured defaults, here and nowhere else. Which rerankers exist only this service knows.
 */
@ApplicationScoped
public class SearchRequestMapper {

    private final RetrievalConfig config;
    private final ClusterReranking reranking;

    public SearchRequestMapper(RetrievalConfig config, ClusterReranking reranking) {
        this.config = config;
        this.reranking = reranking;
    }

    /** How far a segment reaches from its nucleus when the request does not say: as far as a window may. */
    static final int SEGMENT_REACH = 10;

    public SearchRequest toSearch(RetrievalRequest request) {
        reranking.unknown(request.getRerankersList()).ifPresent(name -> {
            Violations violations = new Violations();
            violations.add(
                    "rerankers", "'" + name + "' is not available here; available: " + reranking.availableNames());
            violations.throwIfAny();
        });
        boolean bySegment = request.getContextBy() == ContextBy.CONTEXT_BY_SEGMENT;
        return new SearchRequest(
                request.getScope(),
                request.getQuery(),
                request.hasTopK() ? request.getTopK() : config.defaultTopK(),
                mode(request.getMode()),
                request.hasBefore() ? request.getBefore() : bySegment ? SEGMENT_REACH : config.defaultBefore(),
                request.hasAfter() ? request.getAfter() : bySegment ? SEGMENT_REACH : config.defaultAfter(),
                bySegment ? NeighbourPolicy.SEGMENT : neighbourPolicy(request.getNeighbours()),
                bySegment || request.getNeighbours() != Neighbours.NEIGHBOURS_UNSPECIFIED,
                request.getFilter(),
                request.hasMaxContextTokens() ? request.getMaxContextTokens() : config.defaultMaxContextTokens(),
                request.getIncludeShortTerm(),
                request.getRerankersList(),
                request.hasMinRelevance()
                        ? request.getMinRelevance()
                        : config.relevance().defaultMin());
    }

    private SearchMode mode(dev.engram.proto.v1.SearchMode wire) {
        return switch (wire) {
            case SEARCH_MODE_AUTO -> SearchMode.AUTO;
            case SEARCH_MODE_DIRECT -> SearchMode.DIRECT;
            case SEARCH_MODE_SPLIT -> SearchMode.SPLIT;
            case SEARCH_MODE_CHAIN -> SearchMode.CHAIN;
            case SEARCH_MODE_GRAPH -> SearchMode.GRAPH;
            case SEARCH_MODE_SEGTREE -> SearchMode.SEGTREE;
            case SEARCH_MODE_RECONSTRUCT -> SearchMode.RECONSTRUCT;
            default -> config.defaultMode();
        };
    }

    /** The wire choice; unspecified takes the configured default. */
    private NeighbourPolicy neighbourPolicy(Neighbours wire) {
        return switch (wire) {
            case NEIGHBOURS_MATCHING -> NeighbourPolicy.MATCHING;
            case NEIGHBOURS_ALL -> NeighbourPolicy.ALL;
            default -> config.defaultNeighbours();
        };
    }
}
