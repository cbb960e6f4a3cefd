package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.retrieval.agent.Gathered;
import dev.engram.retrieval.client.IngestClient;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.NeighbourPolicy;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.SearchResult;
import dev.engram.retrieval.rerank.ClusterReranking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What every strategy shares once it has its nuclei: the best ones widened to their neighbours in
 * the same session, overlapping or touching neighbourhoods merged, the candidates reranked against
 * every query the strategy asked, the best {@code top_k} written as context. When the session's
 * short-term memory is asked for, long-term results leave out the episodes it already shows.
 */
@ApplicationScoped
public class ClusterPipeline {

    static final String SHORT_TERM = "short_term";
    static final String CONTEXT = "context";
    static final String RERANK = "rerank";
    static final String ASSEMBLE = "assemble";
    static final String RELEVANCE = "relevance";

    private final IngestClient ingest;
    private final VectorClient vector;
    private final ClusterBuilder clusterBuilder;
    private final ClusterReranking reranking;
    private final ContextAssembler contextAssembler;
    private final RelevanceScoring relevance;
    private final LatestFirst latestFirst;
    private final NeighbourLength neighbourLength;
    private final SearchMetrics metrics;
    private final RetrievalConfig config;

    public ClusterPipeline(
            IngestClient ingest,
            VectorClient vector,
            ClusterBuilder clusterBuilder,
            ClusterReranking reranking,
            ContextAssembler contextAssembler,
            RelevanceScoring relevance,
            LatestFirst latestFirst,
            NeighbourLength neighbourLength,
            SearchMetrics metrics,
            RetrievalConfig config) {
        this.ingest = ingest;
        this.vector = vector;
        this.clusterBuilder = clusterBuilder;
        this.reranking = reranking;
        this.contextAssembler = contextAssembler;
        this.relevance = relevance;
        this.latestFirst = latestFirst;
        this.neighbourLength = neighbourLength;
        this.metrics = metrics;
        this.config = config;
    }

    /** The session's short-term memory when the request asks for it; read alongside the nucleus search. */
    public Uni<Optional<ShortTermMemory>> shortTerm(SearchRequest request, TraceLog trace) {
        if (!request.wantsShortTerm()) {
            return Uni.createFrom().item(Optional.empty());
        }
        long started = System.nanoTime();
        return ingest.shortTerm(request.scope())
                .invoke(() -> trace.stage(SHORT_TERM, metrics.stage(SHORT_TERM, started)))
                .map(Optional::of);
    }

    /**
     * Clusters and context from what a strategy gathered: the nuclei each query found (best first
     * per query), reranked against every query it asked, the user's question first.
     */
    public Uni<SearchResult> finish(
            SearchRequest request, Gathered gathered, Optional<ShortTermMemory> recent, TraceLog trace) {
        Set<String> shown = recent.map(ClusterPipeline::episodeIds).orElse(Set.of());
        List<Nucleus> kept = NucleusFusion.fuse(gathered.rankings()).stream()
                .filter(nucleus -> !shown.contains(nucleus.episodeId()))
                // Nuclei come best first, so the best ones are a prefix.
                .limit((long) request.topK() * config.contextFactor())
                .toList();
        return Uni.combine()
                .all()
                .unis(contextualize(request, kept, trace), neighbourGate(request, gathered, kept, shown))
                .asTuple()
                .map(both -> clusters(request, kept, both.getItem1(), shown, both.getItem2()))
                .emitOn(reranking.blocking(request.rerankers()) ? Infrastructure.getDefaultWorkerPool() : Runnable::run)
                .map(candidates -> rerank(request, gathered, candidates, trace))
                .chain(clusters -> relevant(request, clusters, trace))
                .map(clusters -> assemble(request, clusters, recent, trace));
    }

    /** Reads one episode more on each side than a cluster keeps, to see which clusters touch. */
    private Uni<List<EpisodeContext>> contextualize(SearchRequest request, List<Nucleus> nuclei, TraceLog trace) {
        long started = System.nanoTime();
        List<String> ids = nuclei.stream().map(Nucleus::episodeId).toList();
        return ingest.context(request.scope(), ids, request.before() + 1, request.after() + 1)
                .invoke(() -> trace.stage(CONTEXT, metrics.stage(CONTEXT, started)));
    }

    /**
     * The neighbours the request lets into a cluster: all of them, those of the nucleus's topic segment (asked of
     * vector-service beside the context), or those any of its queries hit (not those found only by association)
     * (within the request's filter) and that are not far longer than their nucleus ({@link NeighbourLength}).
     * Matching neighbours that the short-term memory already shows are refused here rather than dropped later,
     * so they neither fill a cluster's cap nor join two clusters across a gap.
     */
    private Uni<ClusterBuilder.NeighbourGate> neighbourGate(
            SearchRequest request, Gathered gathered, List<Nucleus> nuclei, Set<String> shown) {
        if (request.neighbours() == NeighbourPolicy.SEGMENT) {
            return vector.segments(
                            request.scope(),
                            nuclei.stream().map(Nucleus::episodeId).toList())
                    .map(segments -> (neighbour, nucleus) -> !shown.contains(neighbour.getId())
                            && segments.getOrDefault(nucleus.getId(), List.of()).contains(neighbour.getId()));
        }
        return Uni.createFrom().item(neighbourGate(request, gathered, shown));
    }

    private ClusterBuilder.NeighbourGate neighbourGate(SearchRequest request, Gathered gathered, Set<String> shown) {
        if (request.neighbours() == NeighbourPolicy.ALL) {
            return (neighbour, nucleus) -> true;
        }
        Set<String> hit = gathered.queried().stream()
                .flatMap(List::stream)
                .map(Nucleus::episodeId)
                .filter(id -> !shown.contains(id))
                .collect(Collectors.toSet());
        return (neighbour, nucleus) -> hit.contains(neighbour.getId()) && neighbourLength.fits(neighbour, nucleus);
    }

    private List<EpisodeCluster> clusters(
            SearchRequest request,
            List<Nucleus> nuclei,
            List<EpisodeContext> contexts,
            Set<String> shown,
            ClusterBuilder.NeighbourGate keepsNeighbour) {
        int candidates = request.topK() * Math.max(1, config.rerank().depthFactor());
        int window = request.before() + request.after() + 1;
        int maxEpisodes = window * Math.max(1, config.maxMergedWindows());
        List<EpisodeCluster> clusters = clusterBuilder.build(
                nuclei, contexts, request.before(), request.after(), candidates, maxEpisodes, keepsNeighbour);
        if (shown.isEmpty()) {
            return clusters;
        }
        // Neighbours already in the short-term window are shown there; never twice.
        return clusters.stream()
                .map(cluster -> new EpisodeCluster(
                        cluster.nucleusId(),
                        cluster.score(),
                        cluster.episodes().stream()
                                .filter(episode -> !shown.contains(episode.getId()))
                                .toList()))
                .toList();
    }

    private List<EpisodeCluster> rerank(
            SearchRequest request, Gathered gathered, List<EpisodeCluster> candidates, TraceLog trace) {
        long started = System.nanoTime();
        // Every candidate stays, in order: a question about the present may still take a newer one from below top_k.
        List<EpisodeCluster> ranked =
                reranking.rerank(gathered.queries(), request.rerankers(), candidates, candidates.size());
        trace.stage(RERANK, metrics.stage(RERANK, started));
        return ranked;
    }

    /**
     * The best {@code top_k} of the reranked candidates, scored for relevance to the user's question, those below
     * the request's minimum left out; the trace keeps the best relevance found either way, so that "nothing
     * relevant" can be told from "nothing found". A question about the present gets the newest of its closest
     * candidates first, wherever the rerank put them: the latest statement may rank below top_k on its words and
     * must still lead.
     */
    private Uni<List<EpisodeCluster>> relevant(SearchRequest request, List<EpisodeCluster> ranked, TraceLog trace) {
        long started = System.nanoTime();
        boolean present = latestFirst.applies(request.query());
        List<EpisodeCluster> clusters = present ? ranked : ranked.subList(0, Math.min(request.topK(), ranked.size()));
        return relevance.score(request.scope(), request.query(), clusters).map(unordered -> {
            LatestFirst.Ordered ordered =
                    present ? latestFirst.newestFirst(unordered) : new LatestFirst.Ordered(unordered, 0);
            trace.latestFirst(ordered.contenders());
            List<EpisodeCluster> all = ordered.clusters();
            List<EpisodeCluster> scored = all.subList(0, Math.min(request.topK(), all.size()));
            List<EpisodeCluster> kept = scored.stream()
                    .filter(cluster -> cluster.relevance().relevance() >= request.minRelevance())
                    .toList();
            float best = (float) scored.stream()
                    .mapToDouble(cluster -> cluster.relevance().relevance())
                    .max()
                    .orElse(0);
            trace.relevance(best, scored.size() - kept.size(), (float) request.minRelevance());
            trace.stage(RELEVANCE, metrics.stage(RELEVANCE, started));
            return kept;
        });
    }

    private SearchResult assemble(
            SearchRequest request, List<EpisodeCluster> clusters, Optional<ShortTermMemory> shortTerm, TraceLog trace) {
        long started = System.nanoTime();
        String context = contextAssembler.assemble(shortTerm, clusters, request.maxContextTokens());
        trace.stage(ASSEMBLE, metrics.stage(ASSEMBLE, started));
        long tookMs = metrics.search(trace.mode().wireName(), trace.startedNanos());
        return new SearchResult(clusters, context, trace.finish(tookMs), shortTerm);
    }

    private static Set<String> episodeIds(ShortTermMemory memory) {
        return memory.getEpisodesList().stream().map(Episode::getId).collect(Collectors.toSet());
    }
}
