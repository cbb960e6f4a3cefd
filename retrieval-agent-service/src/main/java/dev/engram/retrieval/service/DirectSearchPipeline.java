package dev.engram.retrieval.service;

import dev.engram.proto.v1.EpisodeContext;
import dev.engram.retrieval.client.IngestClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.SearchResult;
import dev.engram.retrieval.model.SearchTrace;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The direct search: nuclei from one vector search, each widened to its neighbours in the same
 * session, overlapping neighbourhoods merged, the best {@code top_k} clusters written as context.
 * No LLM is involved.
 */
@ApplicationScoped
public class DirectSearchPipeline {

    static final String VECTOR_SEARCH = "vector_search";
    static final String CONTEXT = "context";
    static final String ASSEMBLE = "assemble";

    private final NucleusSearch nucleusSearch;
    private final IngestClient ingest;
    private final ClusterBuilder clusterBuilder;
    private final ContextAssembler contextAssembler;
    private final SearchMetrics metrics;
    private final int contextFactor;

    public DirectSearchPipeline(
            NucleusSearch nucleusSearch,
            IngestClient ingest,
            ClusterBuilder clusterBuilder,
            ContextAssembler contextAssembler,
            SearchMetrics metrics,
            RetrievalConfig config) {
        this.nucleusSearch = nucleusSearch;
        this.ingest = ingest;
        this.clusterBuilder = clusterBuilder;
        this.contextAssembler = contextAssembler;
        this.metrics = metrics;
        this.contextFactor = config.contextFactor();
    }

    /** Runs the search; {@code reason} explains in the trace why this strategy was chosen. */
    public Uni<SearchResult> run(SearchRequest request, String reason) {
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            Map<String, Long> stageMs = new ConcurrentHashMap<>();
            return nucleusSearch
                    .find(request)
                    .invoke(() -> stageMs.put(VECTOR_SEARCH, metrics.stage(VECTOR_SEARCH, started)))
                    // Nuclei come best first, so the best ones are a prefix.
                    .map(nuclei -> nuclei.subList(0, Math.min(nuclei.size(), request.topK() * contextFactor)))
                    .chain(nuclei -> contextualize(request, nuclei, stageMs)
                            .map(contexts -> assemble(request, nuclei, contexts, stageMs, reason, started)));
        });
    }

    private Uni<List<EpisodeContext>> contextualize(
            SearchRequest request, List<Nucleus> nuclei, Map<String, Long> stageMs) {
        long started = System.nanoTime();
        List<String> ids = nuclei.stream().map(Nucleus::episodeId).toList();
        return ingest.context(request.scope(), ids, request.before(), request.after())
                .invoke(() -> stageMs.put(CONTEXT, metrics.stage(CONTEXT, started)));
    }

    private SearchResult assemble(
            SearchRequest request,
            List<Nucleus> nuclei,
            List<EpisodeContext> contexts,
            Map<String, Long> stageMs,
            String reason,
            long searchStarted) {
        long started = System.nanoTime();
        List<EpisodeCluster> clusters = clusterBuilder.build(nuclei, contexts, request.topK());
        String context = contextAssembler.assemble(clusters, request.maxContextTokens());
        stageMs.put(ASSEMBLE, metrics.stage(ASSEMBLE, started));
        String mode = SearchMode.DIRECT.wireName();
        SearchTrace trace = new SearchTrace(
                mode, reason, List.of(request.query()), 0, metrics.search(mode, searchStarted), stageMs);
        return new SearchResult(clusters, context, trace);
    }
}
