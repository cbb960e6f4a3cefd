package dev.engram.ingest.store;

import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.MetadataConverter;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.SessionPosition;
import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Rewrites a stored episode in place, inside the caller's transaction: the row, its outbox rows (the derived
 * stores are fed the episode again) and the short-term summaries that may hold its old text. Locks the session
 * first and then the row, in the order deletions take their locks, so a correction never deadlocks with an add
 * or a deletion of the same session.
 */
@ApplicationScoped
public class EpisodeCorrections {

    private static final String LOCK = "select " + EpisodeRows.COLUMNS + " from ingest.episode e"
            + " where e.project = :project and e.user_id = :userId and e.episode_id = :episodeId for update";

    // Not yet delivered rows of the episode are superseded: each target is fed the corrected episode once.
    private static final String REQUEUE = """
            with superseded as (delete from ingest.outbox where episode_pk = :pk)
            insert into ingest.outbox (episode_pk, target)
            select :pk, t.target from (values ('vector'), ('profile')) as t (target)
             where t.target in (:targets)
            """;

    private final MetadataConverter metadataJson = new MetadataConverter();
    private final ShortTermRepository shortTerm;

    EpisodeCorrections(ShortTermRepository shortTerm) {
        this.shortTerm = shortTerm;
    }

    /** The user's episode, locked until the transaction ends; empty when the user has no such episode. */
    public Uni<Optional<StoredEpisode>> lock(String project, String userId, String episodeId) {
        return sessionOf(project, userId, episodeId)
                .chain(session -> session.isEmpty()
                        ? Uni.createFrom().item(Optional.<StoredEpisode>empty())
                        : shortTerm
                                .lockSessions(project, userId, session.get())
                                .chain(() -> Panache.getSession())
                                .chain(s -> s.<Object[]>createNativeQuery(LOCK)
                                        .setParameter("project", project)
                                        .setParameter("userId", userId)
                                        .setParameter("episodeId", episodeId)
                                        .getResultList())
                                // Deleted while this waited for the session's lock: nothing to correct.
                                .map(rows -> rows.isEmpty()
                                        ? Optional.<StoredEpisode>empty()
                                        : Optional.of(EpisodeRows.read(project, userId, rows.get(0), 0))));
    }

    /**
     * Writes the corrected episode over the locked one: a new revision, pending until vector-service has it
     * again, queued anew for every target, and every short-term summary that covers its old or its new place
     * reset. Emits the episode as stored now.
     */
    public Uni<StoredEpisode> write(StoredEpisode before, EpisodeDraft after, Set<OutboxTarget> targets) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery("""
                                update ingest.episode
                                   set producer = :producer, produced_for = :producedFor, role = :role,
                                       content = :content, ts = :ts, metadata = :metadata,
                                       revision = revision + 1, updated_at = now(), indexed_at = null
                                 where pk = :pk
                                returning revision, updated_at
                                """)
                        .setParameter("producer", after.producer())
                        .setParameter("producedFor", after.producedFor())
                        .setParameter("role", after.role())
                        .setParameter("content", after.content())
                        .setParameter("ts", after.timestamp().atOffset(ZoneOffset.UTC))
                        .setParameter("metadata", metadataJson.convertToDatabaseColumn(after.metadata()))
                        .setParameter("pk", before.pk)
                        .getSingleResult()
                        .chain(written -> session.createNativeQuery(REQUEUE)
                                .setParameter("pk", before.pk)
                                .setParameter(
                                        "targets",
                                        targets.stream()
                                                .map(OutboxTarget::column)
                                                .toList())
                                .executeUpdate()
                                .replaceWith(corrected(before, after, written))))
                .call(corrected -> shortTerm.resetCovering(
                        before.project,
                        before.userId,
                        before.sessionId,
                        before.agentId,
                        Collections.min(List.of(SessionPosition.of(before), SessionPosition.of(corrected)))));
    }

    private static Uni<Optional<String>> sessionOf(String project, String userId, String episodeId) {
        return Panache.getSession()
                .chain(session -> session.<String>createNativeQuery("select e.session_id from ingest.episode e"
                                + " where e.project = :project and e.user_id = :userId and e.episode_id = :episodeId")
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("episodeId", episodeId)
                        .getResultList())
                .map(found -> found.stream().findFirst());
    }

    private static StoredEpisode corrected(StoredEpisode before, EpisodeDraft after, Object[] written) {
        StoredEpisode episode = new StoredEpisode();
        episode.pk = before.pk;
        episode.project = before.project;
        episode.userId = before.userId;
        episode.episodeId = before.episodeId;
        episode.agentId = before.agentId;
        episode.sessionId = before.sessionId;
        episode.producer = after.producer();
        episode.producedFor = after.producedFor();
        episode.role = after.role();
        episode.content = after.content();
        episode.ts = after.timestamp();
        episode.metadata = after.metadata();
        episode.revision = ((Number) written[0]).intValue();
        episode.updatedAt = ((OffsetDateTime) written[1]).toInstant();
        return episode;
    }
}
