package dev.engram.ingest.store;

import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.EpisodeIdConflict;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.MetadataConverter;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

/** Episodes: idempotent inserts, look-ups by key and per-user counts. */
@ApplicationScoped
public class EpisodeRepository implements PanacheRepositoryBase<StoredEpisode, Long> {

    // "on conflict do nothing" makes a concurrent insert of the same id wait for the other
    // transaction and then report a duplicate, instead of failing on the unique constraint.
    private static final String INSERT_IF_ABSENT = """
            with inserted as (
                insert into ingest.episode (project, episode_id, user_id, agent_id, session_id,
                                            producer, produced_for, role, content, ts, metadata)
                values (:project, :episodeId, :userId, :agentId, :sessionId,
                        :producer, :producedFor, :role, :content, :ts, :metadata)
                on conflict (project, user_id, episode_id) do nothing
                returning pk
            )
            insert into ingest.outbox (episode_pk, target)
            select inserted.pk, t.target
              from inserted cross join (values ('vector'), ('profile')) as t (target)
             where t.target in (:targets)
            """;

    private final MetadataConverter metadataJson = new MetadataConverter();
    private final ShortTermRepository shortTerm;

    EpisodeRepository(ShortTermRepository shortTerm) {
        this.shortTerm = shortTerm;
    }

    /**
     * Stores the episodes, each with one outbox row per target in {@code targets}, in one transaction that
     * has committed when the result is emitted; the session's short-term memories are marked
     * changed in the same transaction, before any episode. Emits, per episode and in order, whether
     * this call stored it (false: the user already has an episode of this id, one that
     * {@code sameAsStored} accepts as this one). When {@code sameAsStored} refuses any stored episode, the
     * transaction is rolled back and the result fails with {@link EpisodeIdConflict} naming every such id.
     * Ids must be distinct.
     */
    @WithTransaction
    public Uni<List<Boolean>> insertAllIfAbsent(
            EpisodeScope scope,
            List<EpisodeDraft> episodes,
            Set<OutboxTarget> targets,
            BiPredicate<EpisodeDraft, StoredEpisode> sameAsStored) {
        // One statement at a time: a reactive session does not run statements concurrently.
        return shortTerm
                .markChanged(scope)
                .chain(() -> Multi.createFrom()
                        .iterable(episodes)
                        .onItem()
                        .transformToUniAndConcatenate(episode -> insertIfAbsent(scope, episode, targets))
                        .collect()
                        .asList())
                .call(created -> refuseDifferentEpisodes(scope, episodes, created, sameAsStored));
    }

    /** Reads every episode the insert met under a taken id at once, and fails on those that are not the ones sent. */
    private Uni<Void> refuseDifferentEpisodes(
            EpisodeScope scope,
            List<EpisodeDraft> episodes,
            List<Boolean> created,
            BiPredicate<EpisodeDraft, StoredEpisode> sameAsStored) {
        Map<String, EpisodeDraft> taken = new LinkedHashMap<>();
        for (int i = 0; i < episodes.size(); i++) {
            if (!created.get(i)) {
                taken.put(episodes.get(i).id(), episodes.get(i));
            }
        }
        if (taken.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return list(
                        "project = ?1 and userId = ?2 and episodeId in ?3",
                        scope.project(),
                        scope.userId(),
                        List.copyOf(taken.keySet()))
                .invoke(found -> {
                    Map<String, StoredEpisode> stored =
                            found.stream().collect(Collectors.toMap(episode -> episode.episodeId, episode -> episode));
                    // An id missing here was deleted since the insert met it: nothing to compare.
                    List<String> conflicts = taken.values().stream()
                            .filter(episode -> stored.containsKey(episode.id())
                                    && !sameAsStored.test(episode, stored.get(episode.id())))
                            .map(EpisodeDraft::id)
                            .toList();
                    if (!conflicts.isEmpty()) {
                        throw EpisodeIdConflict.taken(conflicts);
                    }
                })
                .replaceWithVoid();
    }

    private Uni<Boolean> insertIfAbsent(EpisodeScope scope, EpisodeDraft episode, Set<OutboxTarget> targets) {
        return getSession()
                .chain(session -> session.createNativeQuery(INSERT_IF_ABSENT)
                        .setParameter("project", scope.project())
                        .setParameter("episodeId", episode.id())
                        .setParameter("userId", scope.userId())
                        .setParameter("agentId", scope.agentId())
                        .setParameter("sessionId", scope.sessionId())
                        .setParameter("producer", episode.producer())
                        .setParameter("producedFor", episode.producedFor())
                        .setParameter("role", episode.role())
                        .setParameter("content", episode.content())
                        .setParameter("ts", episode.timestamp().atOffset(ZoneOffset.UTC))
                        .setParameter("metadata", metadataJson.convertToDatabaseColumn(episode.metadata()))
                        .setParameter(
                                "targets",
                                targets.stream().map(OutboxTarget::column).toList())
                        .executeUpdate())
                .map(rows -> rows > 0);
    }

    /** The episodes with these keys, in no particular order. */
    public Uni<List<StoredEpisode>> findByPks(List<Long> pks) {
        return pks.isEmpty() ? Uni.createFrom().item(List.of()) : list("pk in ?1", pks);
    }

    /** Those of the given episodes of a user that are stored and not indexed yet. */
    public Uni<List<String>> notIndexed(String project, String userId, List<String> episodeIds) {
        if (episodeIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return getSession()
                .chain(session -> session.createQuery(
                                "select e.episodeId from StoredEpisode e where e.project = :project"
                                        + " and e.userId = :userId and e.episodeId in :ids and e.indexedAt is null",
                                String.class)
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("ids", episodeIds)
                        .getResultList());
    }

    public Uni<EpisodeCounts> counts(String project, String userId) {
        return getSession()
                .chain(session -> session.createQuery(
                                "select new dev.engram.ingest.model.EpisodeCounts(count(e), count(e.indexedAt))"
                                        + " from StoredEpisode e where e.project = :project and e.userId = :userId",
                                EpisodeCounts.class)
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .getSingleResult());
    }
}
