package dev.engram.ingest.shortterm;

import dev.engram.ingest.config.ShortTermConfig;
import dev.engram.ingest.model.Coverage;
import dev.engram.ingest.model.SessionPosition;
import dev.engram.ingest.model.ShortTermClaim;
import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.model.ShortTermState;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.ingest.model.SummaryRound;
import dev.engram.ingest.model.WrittenSummary;
import dev.engram.ingest.store.ShortTermEpisodeQuery;
import dev.engram.ingest.store.ShortTermRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans and records summarizer rounds. A round takes the evicted, unsummarized episodes oldest first:
 * all that arrived late with a position the summary already passed, then the rest up to
 * {@code engram.short-term.round-chars}. Taking a prefix in session order is what lets the new
 * coverage be described by a position and a key bound (see {@link Coverage}).
 */
@ApplicationScoped
public class SummaryRounds {

    private final ShortTermRepository rows;
    private final ShortTermEpisodeQuery episodes;
    private final int windowChars;
    private final int roundChars;

    SummaryRounds(ShortTermRepository rows, ShortTermEpisodeQuery episodes, ShortTermConfig config) {
        this.rows = rows;
        this.episodes = episodes;
        this.windowChars = config.windowChars();
        this.roundChars = config.roundChars();
    }

    /**
     * Reads the claimed memory once no episode of its session is being added (see {@link
     * ShortTermRepository#lockSession}), so the largest key seen bounds every episode seen.
     */
    @WithTransaction
    public Uni<SummaryRound> plan(ShortTermClaim claim) {
        ShortTermKey key = claim.key();
        return rows.lockSession(key)
                .chain(() -> rows.find(key))
                .map(found -> found.orElse(ShortTermState.EMPTY))
                .chain(state -> episodes.windowStart(key, windowChars)
                        .chain(start -> start.isEmpty()
                                ? Uni.createFrom().item(idle(claim, state))
                                : episodes.uncovered(key, state.coverage(), start.get())
                                        .chain(evicted -> evicted.isEmpty()
                                                ? Uni.createFrom().item(idle(claim, state))
                                                : episodes.maxPk(key)
                                                        .map(maxPk -> round(claim, state, evicted, maxPk)))));
    }

    /** Stores the round's summary (none when it had no work); false when the lease was lost. */
    public Uni<Boolean> record(SummaryRound round, WrittenSummary summary) {
        return summary == null
                ? rows.complete(round.claim(), round.previousSummary(), null, round.after(), round.caughtUp())
                : rows.complete(round.claim(), summary.text(), summary.writer(), round.after(), round.caughtUp());
    }

    private static SummaryRound idle(ShortTermClaim claim, ShortTermState state) {
        return new SummaryRound(claim, state.summary(), List.of(), state.coverage(), true);
    }

    private SummaryRound round(ShortTermClaim claim, ShortTermState state, List<StoredEpisode> evicted, long maxPk) {
        Coverage before = state.coverage();
        List<StoredEpisode> taken = new ArrayList<>();
        int chars = 0;
        for (StoredEpisode episode : evicted) {
            boolean late = !before.isEmpty() && !SessionPosition.of(episode).isAfter(before.through());
            if (!late && !taken.isEmpty() && chars + episode.content.length() > roundChars) {
                break;
            }
            taken.add(episode);
            chars += episode.content.length();
        }
        SessionPosition last = SessionPosition.of(taken.get(taken.size() - 1));
        SessionPosition through = before.isEmpty() || last.isAfter(before.through()) ? last : before.through();
        Coverage after = new Coverage(through, maxPk, before.episodes() + taken.size());
        return new SummaryRound(claim, state.summary(), taken, after, taken.size() == evicted.size());
    }
}
