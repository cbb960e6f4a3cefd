package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The question searched as it is, once. No LLM is involved. */
@ApplicationScoped
public class DirectStrategy implements SearchStrategy {

    private final QuerySearch search;

    public DirectStrategy(QuerySearch search) {
        this.search = search;
    }

    @Override
    public SearchMode mode() {
        return SearchMode.DIRECT;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return search.find(request, request.query(), trace)
                .map(nuclei -> new Gathered(List.of(nuclei), List.of(request.query())));
    }
}
