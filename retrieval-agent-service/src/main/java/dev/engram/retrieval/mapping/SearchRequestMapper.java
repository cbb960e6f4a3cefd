package dev.engram.retrieval.mapping;

import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.grpc.InvalidRequestException;
import dev.engram.retrieval.grpc.InvalidRequestException.Violation;
import dev.engram.retrieval.model.NeighbourPolicy;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.rerank.ClusterReranking;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks a wire request and turns it into a {@link SearchRequest}. Zero means "unset" in proto3, so
 * a zero {@code top_k} or {@code max_context_tokens} takes the configured default; {@code before}
 * and {@code after} are taken as given, since zero neighbours is a meaningful choice (under
 * {@code auto} a question asking for several things may still lower them to zero, unless the
 * request set {@code neighbours}).
 */
@ApplicationScoped
public class SearchRequestMapper {

    public static final int MAX_TOP_K = 100;
    public static final int MAX_NEIGHBOURS = 10;

    private final RetrievalConfig config;
    private final ClusterReranking reranking;

    public SearchRequestMapper(RetrievalConfig config, ClusterReranking reranking) {
        this.config = config;
        this.reranking = reranking;
    }

    public SearchRequest toSearch(RetrievalRequest request) {
        List<Violation> violations = new ArrayList<>();
        required(violations, "scope.project", request.getScope().getProject());
        required(violations, "scope.user_id", request.getScope().getUserId());
        required(violations, "query", request.getQuery());
        if (request.getTopK() < 0 || request.getTopK() > MAX_TOP_K) {
            violations.add(new Violation("top_k", "must be between 1 and " + MAX_TOP_K + " (0 for the default)"));
        }
        neighbours(violations, "before", request.getBefore());
        neighbours(violations, "after", request.getAfter());
        if (request.getNeighbours() == Neighbours.UNRECOGNIZED) {
            violations.add(new Violation("neighbours", "must be NEIGHBOURS_MATCHING or NEIGHBOURS_ALL"));
        }
        Optional<SearchMode> mode = SearchMode.fromWire(request.getMode());
        if (mode.isEmpty()) {
            violations.add(new Violation("mode", "must be auto or direct, was '" + request.getMode() + "'"));
        }
        if (request.getMaxContextTokens() < 0) {
            violations.add(new Violation("max_context_tokens", "must not be negative (0 for the default)"));
        }
        reranking
                .unknown(request.getRerankersList())
                .ifPresent(name -> violations.add(new Violation(
                        "rerankers",
                        "'" + name + "' is not available here; available: " + reranking.availableNames())));
        if (!violations.isEmpty()) {
            throw new InvalidRequestException(violations);
        }
        return new SearchRequest(
                request.getScope(),
                request.getQuery(),
                request.getTopK() == 0 ? config.defaultTopK() : request.getTopK(),
                mode.get(),
                request.getBefore(),
                request.getAfter(),
                neighbourPolicy(request.getNeighbours()),
                request.getNeighbours() != Neighbours.NEIGHBOURS_UNSPECIFIED,
                request.getFilter(),
                request.getMaxContextTokens() == 0 ? config.defaultMaxContextTokens() : request.getMaxContextTokens(),
                request.getIncludeShortTerm(),
                request.getRerankersList());
    }

    /** The wire choice; unspecified takes the configured default. */
    private NeighbourPolicy neighbourPolicy(Neighbours wire) {
        return switch (wire) {
            case NEIGHBOURS_MATCHING -> NeighbourPolicy.MATCHING;
            case NEIGHBOURS_ALL -> NeighbourPolicy.ALL;
            default -> config.defaultNeighbours();
        };
    }

    private static void required(List<Violation> violations, String field, String value) {
        if (value.isBlank()) {
            violations.add(new Violation(field, "is required"));
        }
    }

    private static void neighbours(List<Violation> violations, String field, int value) {
        if (value < 0 || value > MAX_NEIGHBOURS) {
            violations.add(new Violation(field, "must be between 0 and " + MAX_NEIGHBOURS));
        }
    }
}
