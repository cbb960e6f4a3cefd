package dev.engram.ingest.service;

import dev.engram.ingest.model.ContextWindow;
import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.store.EpisodeRepository;
import dev.engram.ingest.store.SessionWindowQuery;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Reads a user's episodes: neighbourhoods for retrieval and indexing progress. */
@ApplicationScoped
public class EpisodeQueries {

    private final EpisodeRepository episodes;
    private final SessionWindowQuery windows;

    EpisodeQueries(EpisodeRepository episodes, SessionWindowQuery windows) {
        this.episodes = episodes;
        this.windows = windows;
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
}
