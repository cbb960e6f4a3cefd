package dev.engram.ingest.query;

import dev.engram.ingest.model.ContextWindow;
import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.model.EpisodePage;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.KeyedPage;
import dev.engram.ingest.model.ListPosition;
import dev.engram.ingest.model.SessionOverview;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.ingest.model.UserOverview;
import dev.engram.ingest.store.EpisodeListQuery;
import dev.engram.ingest.store.EpisodeRepository;
import dev.engram.ingest.store.OverviewQuery;
import dev.engram.ingest.store.SessionWindowQuery;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Reads a user's episodes: one by id, pages in session order, neighbourhoods for retrieval, indexing progress. */
@ApplicationScoped
public class EpisodeQueries {

    private final EpisodeRepository episodes;
    private final SessionWindowQuery windows;
    private final EpisodeListQuery listing;
    private final OverviewQuery overviews;

    EpisodeQueries(
            EpisodeRepository episodes, SessionWindowQuery windows, EpisodeListQuery listing, OverviewQuery overviews) {
        this.episodes = episodes;
        this.windows = windows;
        this.listing = listing;
        this.overviews = overviews;
    }

    /** The next page of the project's users (those with episodes) in id order, after {@code after} ("" first). */
    public Uni<KeyedPage<UserOverview>> users(String project, String after, int limit) {
        return overviews.users(project, after, limit + 1).map(found -> page(found, limit, UserOverview::userId));
    }

    /** The next page of the user's sessions in id order; an agent id narrows to that agent's episodes. */
    public Uni<KeyedPage<SessionOverview>> sessions(
            String project, String userId, String agentId, String after, int limit) {
        return overviews
                .sessions(project, userId, agentId, after, limit + 1)
                .map(found -> page(found, limit, SessionOverview::sessionId));
    }

    /** One more than asked was read to tell whether another page follows. */
    private static <T> KeyedPage<T> page(List<T> found, int limit, Function<T, String> key) {
        if (found.size() <= limit) {
            return new KeyedPage<>(found, null);
        }
        List<T> page = found.subList(0, limit);
        return new KeyedPage<>(page, key.apply(page.get(limit - 1)));
    }

    /**
     * The user's episode with this id; a session or agent in the scope must match it too. Empty
     * otherwise, and for an id of another user or project.
     */
    public Uni<Optional<StoredEpisode>> episode(EpisodeScope scope, String episodeId) {
        return listing.find(scope, episodeId);
    }

    /**
     * The next page of the user's episodes (narrowed to the scope's session and agent when it names
     * them) in session order: session, then timestamp, then arrival. One more episode than asked is
     * read to tell whether another page follows.
     */
    public Uni<EpisodePage> list(EpisodeScope scope, ListPosition after, int limit) {
        return listing.page(scope, after, limit + 1).map(found -> {
            if (found.size() <= limit) {
                return new EpisodePage(found, null);
            }
            List<StoredEpisode> page = found.subList(0, limit);
            return new EpisodePage(page, ListPosition.of(page.get(limit - 1)));
        });
    }

    /**
     * For each requested id stored for this user, in request order (repeats dropped): the episode
     * with up to {@code before} and {@code after} neighbours of its session. Unknown ids, and ids
     * of other users, are skipped. A non-empty {@code agentId} narrows both the requested episodes
     * and their neighbours to that agent's.
     */
    public Uni<List<ContextWindow>> context(
            String project, String userId, String agentId, List<String> episodeIds, int before, int after) {
        List<String> requested = episodeIds.stream().distinct().toList();
        if (requested.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return windows.find(project, userId, agentId, requested, before, after)
                .map(found -> requested.stream()
                        .filter(found::containsKey)
                        .map(id -> new ContextWindow(id, found.get(id)))
                        .toList());
    }

    @WithSession
    public Uni<EpisodeCounts> status(String project, String userId) {
        return episodes.counts(project, userId);
    }

    /** Those of the given episodes of a user that are stored and not searchable yet. */
    @WithSession
    public Uni<List<String>> notIndexed(String project, String userId, List<String> episodeIds) {
        return episodes.notIndexed(
                project, userId, episodeIds.stream().distinct().toList());
    }
}
