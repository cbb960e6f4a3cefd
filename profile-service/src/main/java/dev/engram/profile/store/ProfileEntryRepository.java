package dev.engram.profile.store;

import dev.engram.profile.model.ProfileEntry;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Reads and writes {@link ProfileEntry} rows in the {@code profile} schema. */
@ApplicationScoped
public class ProfileEntryRepository implements PanacheRepositoryBase<ProfileEntry, UUID> {

    private static final String ORDER = " order by subject, tag, feature, validFrom, recordedAt";

    /** Entries that hold now: not closed, not retired. */
    public Uni<List<ProfileEntry>> current(String project, String userId) {
        return list("project = ?1 and userId = ?2 and validTo is null and retiredAt is null" + ORDER, project, userId);
    }

    /** Entries that held at {@code at}: valid from before it, closed (if at all) after it. */
    public Uni<List<ProfileEntry>> asOf(String project, String userId, Instant at) {
        return list(
                "project = ?1 and userId = ?2 and validFrom <= ?3 and (validTo is null or validTo > ?3)"
                        + " and retiredAt is null" + ORDER,
                project,
                userId,
                at);
    }

    /** Every version: current, closed and retired. */
    public Uni<List<ProfileEntry>> history(String project, String userId) {
        return list("project = ?1 and userId = ?2" + ORDER, project, userId);
    }

    /** The versions that {@code id} closed by replacing their value. */
    public Uni<List<ProfileEntry>> replacedBy(UUID id) {
        return list("replacedBy = ?1", id);
    }

    /** Deletes every version of every entry of the user, whatever its source; emits how many. */
    public Uni<Long> deleteUser(String project, String userId) {
        return delete("project = ?1 and userId = ?2", project, userId);
    }

    /** The user's entry with this id, if any. */
    public Uni<ProfileEntry> findOwned(String project, String userId, UUID id) {
        return find("id = ?1 and project = ?2 and userId = ?3", id, project, userId)
                .firstResult();
    }

    /**
     * Serialises writers of one user's profile until the transaction ends: extraction batches and
     * manual edits read the current profile and decide on it, and two of them deciding at once would
     * both add the same entry. Call in a transaction.
     */
    public Uni<Void> lockUser(String project, String userId) {
        return getSession()
                .chain(session -> session.createNativeQuery(
                                "select count(*) from (select pg_advisory_xact_lock(hashtextextended(:key, 0))) l",
                                Long.class)
                        .setParameter("key", project + "/" + userId)
                        .getSingleResult())
                .replaceWithVoid();
    }
}
