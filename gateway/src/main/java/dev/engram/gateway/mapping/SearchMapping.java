package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.Timestamps.orEmpty;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.EpisodeCluster;
import dev.engram.gateway.model.ExpandContext;
import dev.engram.gateway.model.SearchFilterInput;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.model.SearchTrace;
import dev.engram.gateway.model.ShortTermView;
import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.TimeRange;
import dev.engram.proto.v1.Trace;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Objects;

/** Maps {@code POST /v1/memories/search} to {@code RetrievalService.Search}, filling in defaults, and back. */
@ApplicationScoped
public class SearchMapping {

    private final GatewayConfig.Search defaults;

    public SearchMapping(GatewayConfig config) {
        this.defaults = config.search();
    }

    public RetrievalRequest toProto(String project, SearchRequest request) {
        ExpandContext expand = Objects.requireNonNullElse(request.expandContext(), new ExpandContext(null, null, null));
        RetrievalRequest.Builder proto = RetrievalRequest.newBuilder()
                .setScope(Scope.newBuilder()
                        .setProject(project)
                        .setUserId(request.userId())
                        .setAgentId(orEmpty(request.agentId()))
                        .setSessionId(orEmpty(request.sessionId())))
                .setQuery(request.query())
                .setTopK(Objects.requireNonNullElse(request.topK(), defaults.topK()))
                .setMode(Objects.requireNonNullElse(request.mode(), defaults.mode()))
                .setBefore(Objects.requireNonNullElse(expand.before(), defaults.before()))
                .setAfter(Objects.requireNonNullElse(expand.after(), defaults.after()))
                .setNeighbours(neighbours(expand.neighbours()))
                .setMaxContextTokens(
                        Objects.requireNonNullElse(request.maxContextTokens(), defaults.maxContextTokens()))
                .setIncludeShortTerm(wantsShortTerm(request));
        if (request.rerankers() != null) {
            proto.addAllRerankers(request.rerankers());
        }
        if (request.filter() != null) {
            proto.setFilter(toProto(request.filter()));
        }
        return proto.build();
    }

    /** The request's choice (validated: matching or all); left out, the retrieval service's default. */
    private static Neighbours neighbours(String requested) {
        if (requested == null) {
            return Neighbours.NEIGHBOURS_UNSPECIFIED;
        }
        return requested.equals("all") ? Neighbours.NEIGHBOURS_ALL : Neighbours.NEIGHBOURS_MATCHING;
    }

    private static SearchFilter toProto(SearchFilterInput filter) {
        SearchFilter.Builder proto = SearchFilter.newBuilder();
        if (filter.sessionIds() != null) {
            proto.addAllSessionIds(filter.sessionIds());
        }
        if (filter.producers() != null) {
            proto.addAllProducers(filter.producers());
        }
        if (filter.metadata() != null) {
            proto.putAllMetadata(filter.metadata());
        }
        if (filter.from() != null || filter.to() != null) {
            TimeRange.Builder range = TimeRange.newBuilder();
            if (filter.from() != null) {
                range.setFrom(Timestamps.toProto(filter.from()));
            }
            if (filter.to() != null) {
                range.setTo(Timestamps.toProto(filter.to()));
            }
            proto.setTimeRange(range);
        }
        return proto.build();
    }

    /**
     * Episodic memory is left out when the client asked only for other kinds of memory; short-term
     * memory is there only for a search in one session that did not leave it out.
     */
    public SearchResponse fromProto(SearchRequest request, RetrievalResponse response) {
        List<EpisodeCluster> clusters = includes(request, "episodic")
                ? response.getClustersList().stream()
                        .map(SearchMapping::fromProto)
                        .toList()
                : null;
        ShortTermView shortTerm = wantsShortTerm(request) && response.hasShortTerm()
                ? ShortTermMapping.inSearchResult(response.getShortTerm())
                : null;
        return new SearchResponse(
                clusters, shortTerm, null, response.getContext(), fromProto(response.getTrace()), null);
    }

    private static boolean wantsShortTerm(SearchRequest request) {
        return request.sessionId() != null && includes(request, "short_term");
    }

    /**
     * The profile comes only when {@code include} names it: it costs a call to another service, and searches
     * that leave {@code include} out keep the answer they had before the profile existed.
     */
    public static boolean wantsProfile(SearchRequest request) {
        return request.include() != null && request.include().contains("profile");
    }

    /** An absent or empty {@code include} asks for episodic and short-term memory; the profile must be named. */
    private static boolean includes(SearchRequest request, String kind) {
        return request.include() == null
                || request.include().isEmpty()
                || request.include().contains(kind);
    }

    private static EpisodeCluster fromProto(Cluster cluster) {
        return new EpisodeCluster(
                cluster.getScore(),
                cluster.getNucleusId(),
                cluster.getEpisodesList().stream().map(EpisodeViews::fromProto).toList());
    }

    private static SearchTrace fromProto(Trace trace) {
        return new SearchTrace(
                trace.getMode(),
                trace.getReason(),
                trace.getQueriesList(),
                trace.getLlmCalls(),
                trace.getTokensIn(),
                trace.getTokensOut(),
                trace.getTookMs(),
                trace.getStageMsMap());
    }
}
