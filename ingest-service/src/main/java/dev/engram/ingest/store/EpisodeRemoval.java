package dev.engram.ingest.store;

import dev.engram.ingest.model.SessionPosition;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * Removes a user's episodes, with what short-term memory holds of them, inside the caller's
 * transaction; their outbox rows go with them (on delete cascade). Each removal first locks the
 * sessions it touches (see {@link ShortTermRepository#lockSessions}), the order adds take their
 * locks in, so it never deadlocks with an add and never leaves half of one behind.
 */
@ApplicationScoped
public class EpisodeRemoval {

    private static final String USER = "e.project = :project and e.user_id = :userId";

    private final ShortTermRepository shortTerm;

    EpisodeRemoval(ShortTermRepository shortTerm) {
        this.shortTerm = shortTerm;
    }

    /** A removed episode, and whether a summary was reset because it might hold the episode's text. */
    public record Removed(String sessionId, boolean summaryReset) {}

    /**
     * Removes one episode (which must be in {@code sessionId} when that is not null) and resets the
     * summaries that may hold its text. Empty when the user has no such episode.
     */
    public Uni<Optional<Removed>> removeOne(String project, String userId, String sessionId, String episodeId) {
        return Panache.getSession()
                .chain(session -> session.<String>createNativeQuery("select e.session_id from ingest.episode e where "
                                + USER + " and e.episode_id = :episodeId"
                                + " and (cast(:sessionId as text) = '' or e.session_id = :sessionId)")
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("episodeId", episodeId)
                        .setParameter("sessionId", sessionId == null ? "" : sessionId)
                        .getResultList())
                .chain(found -> found.isEmpty()
                        ? Uni.createFrom().item(Optional.<Removed>empty())
                        : shortTerm
                                .lockSessions(project, userId, found.get(0))
                                .chain(() -> delete(project, userId, episodeId)));
    }

    /** Removes a session's episodes and its short-term memories; emits the removed episode ids. */
    public Uni<List<String>> removeSession(String project, String userId, String sessionId) {
        return shortTerm
                .lockSessions(project, userId, sessionId)
                .chain(() -> Panache.getSession())
                .chain(session -> session.<String>createNativeQuery("delete from ingest.episode e where " + USER
                                + " and e.session_id = :sessionId returning e.episode_id")
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("sessionId", sessionId)
                        .getResultList())
                .call(() -> shortTerm.drop(project, userId, sessionId));
    }

    /**
     * Removes every episode of the user and every short-term memory; emits how many episodes. The ids
     * are not collected: the derived stores drop a whole user by scope.
     */
    public Uni<Long> removeUser(String project, String userId) {
        return shortTerm
                .lockSessions(project, userId, null)
                .chain(() -> Panache.getSession())
                .chain(session -> session.<Number>createNativeQuery(
                                "with removed as (delete from ingest.episode e where " + USER
                                        + " returning 1) select count(*) from removed")
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .getSingleResult())
                .map(Number::longValue)
                .call(() -> shortTerm.drop(project, userId, null));
    }

    // Another deletion may have removed the episode while this one waited for the session's lock.
    private Uni<Optional<Removed>> delete(String project, String userId, String episodeId) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery("delete from ingest.episode e where " + USER
                                + " and e.episode_id = :episodeId returning e.session_id, e.agent_id, e.ts, e.pk")
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("episodeId", episodeId)
                        .getResultList())
                .chain(rows -> {
                    if (rows.isEmpty()) {
                        return Uni.createFrom().item(Optional.<Removed>empty());
                    }
                    Object[] row = rows.get(0);
                    String sessionId = (String) row[0];
                    SessionPosition position =
                            new SessionPosition(((OffsetDateTime) row[2]).toInstant(), ((Number) row[3]).longValue());
                    return shortTerm
                            .resetCovering(project, userId, sessionId, (String) row[1], position)
                            .map(reset -> Optional.of(new Removed(sessionId, reset > 0)));
                });
    }
}
