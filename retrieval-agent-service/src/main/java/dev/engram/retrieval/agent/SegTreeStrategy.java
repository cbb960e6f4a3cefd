package dev.engram.retrieval.agent;

import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.config.RetrievalConfig.TreeRanking;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.TreeRecall;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Segment-tree recall: vector-service scores every node of the user's session trees against the question and
 * propagates relevance along them, so that the turns of a topic the question hits rise with its best turn. That
 * ranking is fused with the direct search and reranked like any strategy's; its episodes are candidates that do
 * not make a neighbour "matching", as they rose with their topic. A user without trees (a store that keeps
 * none) is searched directly, and the trace says so. No LLM is involved.
 */
@ApplicationScoped
public class SegTreeStrategy implements SearchStrategy {

    static final String SEGTREE_SEARCH = "segtree_search";

    private final VectorClient vector;
    private final BesideDirect besideDirect;
    private final List<TreeRanking> rankings;

    public SegTreeStrategy(VectorClient vector, BesideDirect besideDirect, RetrievalConfig config) {
        this.vector = vector;
        this.besideDirect = besideDirect;
        this.rankings = List.copyOf(config.segtree().rankings());
    }

    @Override
    public SearchMode mode() {
        return SearchMode.SEGTREE;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return besideDirect.gather(
                request,
                trace,
                rankings.contains(TreeRanking.DIRECT),
                treeSearch(request, trace),
                found -> found.getEpisodes() == 0,
                "segment-tree search requested, but the user has no trees: searched directly",
                (found, directHits) -> gathered(request, found, directHits));
    }

    /** The trees' ranking for the question alone, traced; empty when the user has no trees. */
    public Uni<List<Nucleus>> ranking(SearchRequest request, TraceLog trace) {
        return treeSearch(request, trace).map(SegTreeStrategy::nuclei);
    }

    private static List<Nucleus> nuclei(SegTreeSearchResponse found) {
        return found.getRankedList().stream()
                .map(hit -> new Nucleus(hit.getEpisodeId(), hit.getScore(), hit.getText()))
                .toList();
    }

    private Uni<SegTreeSearchResponse> treeSearch(SearchRequest request, TraceLog trace) {
        return besideDirect.search(
                request,
                trace,
                SEGTREE_SEARCH,
                vector::segTreeSearch,
                found -> trace.propagated(new TreeRecall(
                        found.getEpisodes(),
                        found.getTrees(),
                        found.getNodes(),
                        found.getSteps(),
                        found.getSummaries(),
                        found.getStageUsMap())));
    }

    /** The direct rankings first, then the tree's, which count as found by association. */
    private Gathered gathered(SearchRequest request, SegTreeSearchResponse found, List<Nucleus> directHits) {
        List<List<Nucleus>> chosen = new ArrayList<>();
        rankings.stream().filter(TreeRanking.DIRECT::equals).forEach(ranking -> chosen.add(directHits));
        List<Nucleus> tree = nuclei(found);
        int trees = (int) rankings.stream().filter(TreeRanking.TREE::equals).count();
        for (int i = 0; i < trees; i++) {
            chosen.add(tree);
        }
        return new Gathered(chosen, List.of(request.query()), trees);
    }
}
