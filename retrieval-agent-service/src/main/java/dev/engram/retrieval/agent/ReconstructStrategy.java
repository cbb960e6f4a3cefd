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
    private final ChainStrategy chain;
    private final BesideDirect besideDirect;
    private final List<ReconstructRanking> rankings;

    public ReconstructStrategy(
            VectorClient vector,
            LlmNavigator llmNavigator,
            BesideDirect besideDirect,
            ChainStrategy chain,
            RetrievalConfig config) {
        this.vector = vector;
        this.chain = chain;
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
        Uni<ReconstructSearchResponse> reconstructed = besideDirect.search(
                request,
                trace,
                RECONSTRUCT_SEARCH,
                llmNavigator.navigates()
                        ? (scope, query, limit, filter) -> llmNavigator.reconstruct(scope, query, limit, filter, trace)
                        : vector::reconstructSearch,
                found -> trace.reconstructed(new Reconstruction(
                        found.getFacts(),
                        found.getCues(),
                        found.getTags(),
                        found.getStepsList(),
                        found.getIndexSearches(),
                        found.getStopped(),
                        found.getStageUsMap(),
                        found.getNavigator())));
        if (rankings.contains(ReconstructRanking.CHAIN)) {
            return besideChain(request, trace, reconstructed);
        }
        return besideDirect.gather(
                request,
                trace,
                rankings.contains(ReconstructRanking.DIRECT),
                reconstructed,
                found -> found.getFacts() == 0,
                "reconstruction requested, but the user has no facts: searched directly",
                (found, directHits) -> gathered(request, found, List.of(directHits), List.of(request.query())));
    }

    /**
     * The chain's rounds beside the reconstruction, run at the same time: the rankings of every round, then the
     * reconstruction's. A user without facts gets the chain alone, and the trace says so.
     */
    private Uni<Gathered> besideChain(
            SearchRequest request, TraceLog trace, Uni<ReconstructSearchResponse> reconstructed) {
        return Uni.combine()
                .all()
                .unis(reconstructed, chain.gather(request, trace))
                .asTuple()
                .map(both -> {
                    if (both.getItem1().getFacts() == 0) {
                        trace.chose(SearchMode.CHAIN, "reconstruction requested, but the user has no facts: chained");
                        return both.getItem2();
                    }
                    return gathered(
                            request,
                            both.getItem1(),
                            both.getItem2().rankings(),
                            both.getItem2().queries());
                });
    }

    /**
     * The searched rankings first (the direct search's, or every round of the chain's), each as often as the
     * configuration names it, then the reconstruction's, which count as found by association.
     */
    private Gathered gathered(
            SearchRequest request,
            ReconstructSearchResponse found,
            List<List<Nucleus>> searched,
            List<String> queries) {
        List<List<Nucleus>> chosen = new ArrayList<>();
        rankings.stream()
                .filter(ranking -> ranking != ReconstructRanking.RECONSTRUCT)
                .forEach(ranking -> chosen.addAll(searched));
        List<Nucleus> reconstructed = found.getRankedList().stream()
                .map(hit -> new Nucleus(hit.getEpisodeId(), hit.getScore(), hit.getText()))
                .toList();
        int associated = (int)
                rankings.stream().filter(ReconstructRanking.RECONSTRUCT::equals).count();
        for (int i = 0; i < associated; i++) {
            chosen.add(reconstructed);
        }
        return new Gathered(chosen, queries.isEmpty() ? List.of(request.query()) : queries, associated);
    }
}
