package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.NucleusSearch;
import dev.engram.retrieval.service.SearchMetrics;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** One query sent to the index on behalf of a strategy, recorded in the trace with its time. */
@ApplicationScoped
public class QuerySearch {

    static final String VECTOR_SEARCH = "vector_search";

    private final NucleusSearch nucleusSearch;
    private final SearchMetrics metrics;

    public QuerySearch(NucleusSearch nucleusSearch, SearchMetrics metrics) {
        this.nucleusSearch = nucleusSearch;
        this.metrics = metrics;
    }

    public Uni<List<Nucleus>> find(SearchRequest request, String query, TraceLog trace) {
        return find(request, query, "", trace);
    }

    /**
     * The same, ranked by the meaning of {@code meaningQuery} when it is not blank (see {@link
     * NucleusSearch#find(SearchRequest, String, String)}).
     */
    public Uni<List<Nucleus>> find(SearchRequest request, String query, String meaningQuery, TraceLog trace) {
        return Uni.createFrom().deferred(() -> {
            trace.queried(query);
            long started = System.nanoTime();
            return nucleusSearch
                    .find(request, query, meaningQuery)
                    .invoke(() -> trace.stage(VECTOR_SEARCH, metrics.stage(VECTOR_SEARCH, started)));
        });
    }
}
