package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Runs a search of a derived store (the facts' graph, the segment trees) beside the direct search whose hits it
 * is fused with, rather than after it; and when the user has nothing in that store yet, answers with the direct
 * search and says so in the trace.
 */
@ApplicationScoped
public class BesideDirect {

    private final DirectStrategy direct;

    public BesideDirect(DirectStrategy direct) {
        this.direct = direct;
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
