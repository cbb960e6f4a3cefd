package dev.engram.retrieval.agent;

import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.config.RetrievalConfig.ReconstructRanking;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.Reconstruction;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Memory reconstruction: vector-service's navigator walks the user's cue-tag-content graph from the cues the
 * question names, opening the contents whose tags fit it and following the cues of what it opened. The episodes
 * of what it opened are fused with the direct search and reranked like any strategy's; they count as found by
 * association. A user without facts is searched directly, and the trace says so. When the LLM is configured it
 * chooses the steps instead ({@link LlmNavigator}).
 */
@ApplicationScoped
public class ReconstructStrategy implements SearchStrategy {

    static final String RECONSTRUCT_SEARCH = "reconstruct_search";

    private final VectorClient vector;
    private final LlmNavigator llmNavigator;
    private final BesideDirect besideDirect;
    private final List<ReconstructRanking> rankings;

    public ReconstructStrategy(
            VectorClient vector, LlmNavigator llmNavigator, BesideDirect besideDirect, RetrievalConfig config) {
        this.vector = vector;
        this.llmNavigator = llmNavigator;
        this.besideDirect = besideDirect;
        this.rankings = List.copyOf(config.reconstruct().rankings());
    }

    @Override
    public SearchMode mode() {
        return SearchMode.RECONSTRUCT;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return besideDirect.gather(
                request,
                trace,
                rankings.contains(ReconstructRanking.DIRECT),
                besideDirect.search(
                        request,
                        trace,
                        RECONSTRUCT_SEARCH,
                        llmNavigator.navigates()
                                ? (scope, query, limit, filter) ->
                                        llmNavigator.reconstruct(scope, query, limit, filter, trace)
                                : vector::reconstructSearch,
                        found -> trace.reconstructed(new Reconstruction(
                                found.getFacts(),
                                found.getCues(),
                                found.getTags(),
                                found.getStepsList(),
                                found.getIndexSearches(),
                                found.getStopped(),
                                found.getStageUsMap(),
                                found.getNavigator()))),
                found -> found.getFacts() == 0,
                "reconstruction requested, but the user has no facts: searched directly",
                (found, directHits) -> gathered(request, found, directHits));
    }

    /** The direct rankings first, then the reconstruction's, which count as found by association. */
    private Gathered gathered(SearchRequest request, ReconstructSearchResponse found, List<Nucleus> directHits) {
        List<List<Nucleus>> chosen = new ArrayList<>();
        rankings.stream().filter(ReconstructRanking.DIRECT::equals).forEach(ranking -> chosen.add(directHits));
        List<Nucleus> reconstructed = found.getRankedList().stream()
                .map(hit -> new Nucleus(hit.getEpisodeId(), hit.getScore(), hit.getText()))
                .toList();
        int associated = (int)
                rankings.stream().filter(ReconstructRanking.RECONSTRUCT::equals).count();
        for (int i = 0; i < associated; i++) {
            chosen.add(reconstructed);
        }
        return new Gathered(chosen, List.of(request.query()), associated);
    }
}
