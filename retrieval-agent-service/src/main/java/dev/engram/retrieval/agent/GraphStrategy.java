package dev.engram.retrieval.agent;

import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.config.RetrievalConfig.GraphRanking;
import dev.engram.retrieval.model.GraphWalk;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Graph recall: the facts the question hits seed a random walk over the user's associative graph in
 * vector-service, and both the hit facts and the facts the walk ranks highest lead to episodes. The two
 * rankings are fused and reranked like any strategy's. A user with no facts yet (nothing indexed since facts
 * were introduced, or a store that keeps none) is searched directly, and the trace says so. No LLM is
 * involved.
 */
@ApplicationScoped
public class GraphStrategy implements SearchStrategy {

    static final String GRAPH_SEARCH = "graph_search";

    private final VectorClient vector;
    private final BesideDirect besideDirect;
    private final List<GraphRanking> rankings;

    public GraphStrategy(VectorClient vector, BesideDirect besideDirect, RetrievalConfig config) {
        this.vector = vector;
        this.besideDirect = besideDirect;
        this.rankings = List.copyOf(config.graph().rankings());
    }

    @Override
    public SearchMode mode() {
        return SearchMode.GRAPH;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return besideDirect.gather(
                request,
                trace,
                rankings.contains(GraphRanking.DIRECT),
                graphSearch(request, trace),
                found -> found.getFacts() == 0,
                "graph search requested, but the user has no facts yet: searched directly",
                (found, directHits) -> gathered(request, found, directHits));
    }

    private Uni<GraphSearchResponse> graphSearch(SearchRequest request, TraceLog trace) {
        return besideDirect.search(
                request,
                trace,
                GRAPH_SEARCH,
                vector::graphSearch,
                found -> trace.walked(new GraphWalk(
                        found.getFacts(),
                        found.getSeeds(),
                        found.getEventFacts(),
                        found.getTouched(),
                        found.getStageUsMap())));
    }

    /**
     * The configured rankings, in the configured order (which breaks ties of the fusion), the walk's last: it
     * is found by association, not by the question.
     */
    private Gathered gathered(SearchRequest request, GraphSearchResponse found, List<Nucleus> directHits) {
        List<List<Nucleus>> chosen = new ArrayList<>();
        for (GraphRanking ranking : rankings) {
            if (ranking != GraphRanking.WALK) {
                chosen.add(ranking == GraphRanking.DIRECT ? directHits : nuclei(found.getPrimaryList()));
            }
        }
        int walks = (int) rankings.stream().filter(GraphRanking.WALK::equals).count();
        for (int i = 0; i < walks; i++) {
            chosen.add(nuclei(found.getWalkedList()));
        }
        return new Gathered(chosen, List.of(request.query()), walks);
    }

    private static List<Nucleus> nuclei(List<VectorHit> hits) {
        return hits.stream()
                .map(hit -> new Nucleus(hit.getEpisodeId(), hit.getScore(), hit.getText()))
                .toList();
    }
}
