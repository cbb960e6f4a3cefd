package dev.engram.ingest.shortterm;

import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.model.ShortTermState;
import dev.engram.ingest.model.ShortTermView;
import dev.engram.ingest.store.ShortTermEpisodeQuery;
import dev.engram.ingest.store.ShortTermRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Reads short-term memory, without search: the stored summary and what it does not cover yet. */
@ApplicationScoped
public class ShortTermQueries {

    private final ShortTermRepository rows;
    private final ShortTermEpisodeQuery episodes;

    ShortTermQueries(ShortTermRepository rows, ShortTermEpisodeQuery episodes) {
        this.rows = rows;
        this.episodes = episodes;
    }

    /**
     * The summary and every episode it does not cover, in session order: the recent window, and any
     * evicted episode the summarizer has not reached, so nothing said is ever out of sight. The summary
     * is read first; should a round commit in between, the episodes are read against the older
     * coverage and merely overlap the newer summary. An unknown session reads as empty.
     */
    @WithSession
    public Uni<ShortTermView> read(ShortTermKey key) {
        return rows.find(key)
                .map(found -> found.orElse(ShortTermState.EMPTY))
                .chain(state -> episodes.uncovered(key, state.coverage())
                        .map(uncovered -> new ShortTermView(
                                state.summary(), state.coverage().episodes(), uncovered)));
    }
}
