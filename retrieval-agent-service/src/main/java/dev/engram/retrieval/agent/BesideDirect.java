package dev.engram.retrieval.agent;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.NucleusSearch;
import dev.engram.retrieval.service.SearchMetrics;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Runs a search of a derived store (the facts' graph, the segment trees) beside the direct search whose hits it
 * is fused with, rather than after it; and when the user has nothing in that store yet, answers with the direct
 * search and says so in the trace.
 */
@ApplicationScoped
public class BesideDirect {

    /** A search of a derived store for one question, as vector-service offers them. */
    public interface DerivedSearch<T> {
        Uni<T> search(Scope scope, String query, int limit, SearchFilter filter);
    }

    private final DirectStrategy direct;
    private final NucleusSearch nuclei;
    private final SearchMetrics metrics;

    public BesideDirect(DirectStrategy direct, NucleusSearch nuclei, SearchMetrics metrics) {
        this.direct = direct;
        this.nuclei = nuclei;
        this.metrics = metrics;
    }

    /**
     * The derived store's search for the question, with as many hits as a direct search asks for; its time is
     * traced as {@code stage}, and what it answered is handed to {@code traced}.
     */
    public <T> Uni<T> search(
            SearchRequest request, TraceLog trace, String stage, DerivedSearch<T> search, Consumer<T> traced) {
        return Uni.createFrom().deferred(() -> {
            trace.queried(request.query());
            long started = System.nanoTime();
            return search.search(request.scope(), request.query(), nuclei.hitLimit(request.topK()), request.filter())
                    .invoke(found -> {
                        trace.stage(stage, metrics.stage(stage, started));
                        traced.accept(found);
                    });
        });
    }

    /**
     * @param withDirect whether the direct search's hits are fused at all
     * @param derived the derived store's search
     * @param nothing whether its answer says the user has nothing there
     * @param why the trace's reason for searching directly instead
     * @param fuse what is gathered from its answer and the direct hits (empty when not fused)
     */
    public <T> Uni<Gathered> gather(
            SearchRequest request,
            TraceLog trace,
            boolean withDirect,
            Uni<T> derived,
            Predicate<T> nothing,
            String why,
            BiFunction<T, List<Nucleus>, Gathered> fuse) {
        Uni<Gathered> directly = direct.gather(request, trace).memoize().indefinitely();
        Uni<List<Nucleus>> directHits = withDirect
                ? directly.map(gathered -> gathered.rankings().get(0))
                : Uni.createFrom().item(List.of());
        return Uni.combine().all().unis(derived, directHits).asTuple().chain(both -> {
            if (nothing.test(both.getItem1())) {
                trace.chose(SearchMode.DIRECT, why);
                return directly;
            }
            return Uni.createFrom().item(fuse.apply(both.getItem1(), both.getItem2()));
        });
    }
}
