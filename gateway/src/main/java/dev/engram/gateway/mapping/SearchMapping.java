package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.orEmpty;

import dev.engram.gateway.model.EpisodeCluster;
import dev.engram.gateway.model.ExpandContext;
import dev.engram.gateway.model.GraphTraceView;
import dev.engram.gateway.model.ReconstructTraceView;
import dev.engram.gateway.model.SearchFilterInput;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.model.SearchTrace;
import dev.engram.gateway.model.SegTreeTraceView;
import dev.engram.gateway.model.ShortTermView;
import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.ContextBy;
import dev.engram.proto.v1.GraphTrace;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.ReconstructTrace;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.SegTreeTrace;
import dev.engram.proto.v1.TimeRange;
import dev.engram.proto.v1.Trace;
import java.util.List;

/**
 * Maps {@code POST /v1/memories/search} to {@code RetrievalService.Search}, and back. Fields left out stay unset:
 * retrieval-agent-service fills in its defaults.
 */
public final class SearchMapping {

    private SearchMapping() {}

    public static RetrievalRequest toProto(String project, SearchRequest request) {
        RetrievalRequest.Builder proto = RetrievalRequest.newBuilder()
                .setScope(Scope.newBuilder()
                        .setProject(project)
                        .setUserId(orEmpty(request.userId()))
                        .setAgentId(orEmpty(request.agentId()))
                        .setSessionId(orEmpty(request.sessionId())))
                .setQuery(orEmpty(request.query()))
                .setIncludeShortTerm(wantsShortTerm(request))
                .addAllRerankers(JsonValues.orEmpty(request.rerankers()));
        JsonEnums.parse(SearchMode.getDescriptor(), request.mode())
                .ifPresent(mode -> proto.setModeValue(mode.getNumber()));
        if (request.topK() != null) {
            proto.setTopK(request.topK());
        }
        if (request.maxContextTokens() != null) {
            proto.setMaxContextTokens(request.maxContextTokens());
        }
        if (request.minRelevance() != null) {
            proto.setMinRelevance(request.minRelevance());
        }
        ExpandContext expand = request.expandContext();
        if (expand != null) {
            if (expand.before() != null) {
                proto.setBefore(expand.before());
            }
            if (expand.after() != null) {
                proto.setAfter(expand.after());
            }
            JsonEnums.parse(Neighbours.getDescriptor(), expand.neighbours())
                    .ifPresent(neighbours -> proto.setNeighboursValue(neighbours.getNumber()));
            JsonEnums.parse(ContextBy.getDescriptor(), expand.by())
                    .ifPresent(by -> proto.setContextByValue(by.getNumber()));
        }
        if (request.filter() != null) {
            proto.setFilter(toProto(request.filter()));
        }
        return proto.build();
    }

    private static SearchFilter toProto(SearchFilterInput filter) {
        SearchFilter.Builder proto = SearchFilter.newBuilder()
                .addAllSessionIds(JsonValues.orEmpty(filter.sessionIds()))
                .addAllProducers(JsonValues.orEmpty(filter.producers()))
                .putAllMetadata(JsonValues.withoutNulls(filter.metadata()));
        TimeRange.Builder range = TimeRange.newBuilder();
        Timestamps.toProto(filter.from()).ifPresent(range::setFrom);
        Timestamps.toProto(filter.to()).ifPresent(range::setTo);
        if (range.hasFrom() || range.hasTo()) {
            proto.setTimeRange(range);
        }
        return proto.build();
    }

    /**
     * Episodic memory is left out when the client asked only for other kinds of memory; short-term
     * memory is there only for a search in one session that did not leave it out.
     */
    public static SearchResponse fromProto(SearchRequest request, RetrievalResponse response) {
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
                cluster.getRelevance(),
                cluster.getSimilarity(),
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
                trace.getStageMsMap(),
                trace.getBestRelevance(),
                trace.getBelowMinRelevance(),
                trace.getMinRelevance(),
                trace.getLatestFirst(),
                trace.hasGraph() ? graph(trace.getGraph()) : null,
                trace.hasSegtree() ? segtree(trace.getSegtree()) : null,
                trace.hasReconstruct() ? reconstruct(trace.getReconstruct()) : null);
    }

    private static ReconstructTraceView reconstruct(ReconstructTrace reconstruct) {
        return new ReconstructTraceView(
                reconstruct.getFacts(),
                reconstruct.getCues(),
                reconstruct.getTags(),
                reconstruct.getStepsList().stream()
                        .map(step -> new ReconstructTraceView.Step(
                                step.getAction(),
                                step.getCuesList(),
                                step.getTagsList(),
                                step.getOpenedList(),
                                step.getError().isEmpty() ? null : step.getError()))
                        .toList(),
                reconstruct.getIndexSearches(),
                reconstruct.getStopped(),
                reconstruct.getStageUsMap(),
                reconstruct.getNavigator());
    }

    private static SegTreeTraceView segtree(SegTreeTrace tree) {
        return new SegTreeTraceView(
                tree.getEpisodes(),
                tree.getTrees(),
                tree.getNodes(),
                tree.getSteps(),
                tree.getStageUsMap(),
                tree.getSummaries());
    }

    private static GraphTraceView graph(GraphTrace graph) {
        return new GraphTraceView(
                graph.getFacts(), graph.getSeeds(), graph.getEventFacts(), graph.getTouched(), graph.getStageUsMap());
    }
}
