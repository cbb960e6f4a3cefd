package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.retrieval.client.IngestClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.SearchResult;
import dev.engram.retrieval.model.SearchTrace;
import dev.engram.retrieval.rerank.ClusterReranking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The direct search: nuclei from one vector search, each widened to its neighbours in the same
 * session, overlapping or touching neighbourhoods merged, the candidates reranked, the best
 * {@code top_k} written as context. When the session's short-term memory is asked for, it is read
 * alongside, and long-term results leave out the episodes it already shows. No LLM is involved.
 */
@ApplicationScoped
public class DirectSearchPipeline {

    static final String VECTOR_SEARCH = "vector_search";
    static final String SHORT_TERM = "short_term";
    static final String CONTEXT = "context";
    static final String RERANK = "rerank";
    static final String ASSEMBLE = "assemble";

    private final NucleusSearch nucleusSearch;
    private final IngestClient ingest;
    private final ClusterBuilder clusterBuilder;
    private final ClusterReranking reranking;
    private final ContextAssembler contextAssembler;
    private final SearchMetrics metrics;
    private final RetrievalConfig config;

    public DirectSearchPipeline(
            NucleusSearch nucleusSearch,
            IngestClient ingest,
            ClusterBuilder clusterBuilder,
            ClusterReranking reranking,
            ContextAssembler contextAssembler,
            SearchMetrics metrics,
            RetrievalConfig config) {
        this.nucleusSearch = nucleusSearch;
        this.ingest = ingest;
        this.clusterBuilder = clusterBuilder;
        this.reranking = reranking;
        this.contextAssembler = contextAssembler;
        this.metrics = metrics;
        this.config = config;
    }

    /** Runs the search; {@code reason} explains in the trace why this strategy was chosen. */
    public Uni<SearchResult> run(SearchRequest request, String reason) {
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            Map<String, Long> stageMs = new ConcurrentHashMap<>();
            Uni<List<Nucleus>> nuclei = nucleusSearch
                    .find(request)
                    .invoke(() -> stageMs.put(VECTOR_SEARCH, metrics.stage(VECTOR_SEARCH, started)));
            Uni<Optional<ShortTermMemory>> shortTerm = shortTerm(request, stageMs);
            return Uni.combine().all().unis(nuclei, shortTerm).asTuple().chain(found -> {
                Optional<ShortTermMemory> recent = found.getItem2();
                Set<String> shown = recent.map(DirectSearchPipeline::episodeIds).orElse(Set.of());
                List<Nucleus> kept = found.getItem1().stream()
                        .filter(nucleus -> !shown.contains(nucleus.episodeId()))
                        // Nuclei come best first, so the best ones are a prefix.
                        .limit((long) request.topK() * config.contextFactor())
                        .toList();
                return contextualize(request, kept, stageMs)
                        .map(contexts -> clusters(request, kept, contexts, shown))
                        .emitOn(
                                reranking.blocking(request.rerankers())
                                        ? Infrastructure.getDefaultWorkerPool()
                                        : Runnable::run)
                        .map(candidates -> rerank(request, candidates, stageMs))
                        .map(clusters -> assemble(request, clusters, recent, stageMs, reason, started));
            });
        });
    }

    private Uni<Optional<ShortTermMemory>> shortTerm(SearchRequest request, Map<String, Long> stageMs) {
        if (!request.wantsShortTerm()) {
            return Uni.createFrom().item(Optional.empty());
        }
        long started = System.nanoTime();
        return ingest.shortTerm(request.scope())
                .invoke(() -> stageMs.put(SHORT_TERM, metrics.stage(SHORT_TERM, started)))
                .map(Optional::of);
    }

    /** Reads one episode more on each side than a cluster keeps, to see which clusters touch. */
    private Uni<List<EpisodeContext>> contextualize(
            SearchRequest request, List<Nucleus> nuclei, Map<String, Long> stageMs) {
        long started = System.nanoTime();
        List<String> ids = nuclei.stream().map(Nucleus::episodeId).toList();
        return ingest.context(request.scope(), ids, request.before() + 1, request.after() + 1)
                .invoke(() -> stageMs.put(CONTEXT, metrics.stage(CONTEXT, started)));
    }

    private List<EpisodeCluster> clusters(
            SearchRequest request, List<Nucleus> nuclei, List<EpisodeContext> contexts, Set<String> shown) {
        int candidates = request.topK() * Math.max(1, config.rerank().depthFactor());
        List<EpisodeCluster> clusters =
                clusterBuilder.build(nuclei, contexts, request.before(), request.after(), candidates);
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
            SearchRequest request, List<EpisodeCluster> candidates, Map<String, Long> stageMs) {
        long started = System.nanoTime();
        List<EpisodeCluster> ranked =
                reranking.rerank(request.query(), request.rerankers(), candidates, request.topK());
        stageMs.put(RERANK, metrics.stage(RERANK, started));
        return ranked;
    }

    private SearchResult assemble(
            SearchRequest request,
            List<EpisodeCluster> clusters,
            Optional<ShortTermMemory> shortTerm,
            Map<String, Long> stageMs,
            String reason,
            long searchStarted) {
        long started = System.nanoTime();
        String context = contextAssembler.assemble(shortTerm, clusters, request.maxContextTokens());
        stageMs.put(ASSEMBLE, metrics.stage(ASSEMBLE, started));
        String mode = SearchMode.DIRECT.wireName();
        SearchTrace trace = new SearchTrace(
                mode, reason, List.of(request.query()), 0, metrics.search(mode, searchStarted), stageMs);
        return new SearchResult(clusters, context, trace, shortTerm);
    }

    private static Set<String> episodeIds(ShortTermMemory memory) {
        return memory.getEpisodesList().stream().map(Episode::getId).collect(Collectors.toSet());
    }
}
