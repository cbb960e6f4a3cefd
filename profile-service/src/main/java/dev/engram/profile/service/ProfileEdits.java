package dev.engram.profile.service;

import dev.engram.profile.model.EditResult;
import dev.engram.profile.model.EntryEdit;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import dev.engram.profile.store.ObservedEpisodeRepository;
import dev.engram.profile.store.ProfileEntryRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * Changes people make by hand, and the cascade of deleted episodes and users. Each runs in one
 * transaction under the user's profile lock, like extraction, so the two never decide on the same
 * state at once.
 */
@ApplicationScoped
public class ProfileEdits {

    /** Entries that lost evidence and stay, and extracted entries deleted because none was left. */
    public record Forgotten(int updated, int deleted) {}

    private final ProfileEntryRepository entries;
    private final ObservedEpisodeRepository observed;

    ProfileEdits(ProfileEntryRepository entries, ObservedEpisodeRepository observed) {
        this.entries = entries;
        this.observed = observed;
    }

    /**
     * Creates the entry under an unknown id; records a new version of a current entry (the old one
     * closed at the edit's {@code validFrom}, the new one under a fresh id); leaves an identical one
     * as it is. Fails with {@link EntryNotCurrentException} for a closed or retired entry.
     */
    public Uni<EditResult> put(String project, String userId, EntryEdit edit) {
        return Panache.withTransaction(() -> entries.lockUser(project, userId)
                .chain(() -> entries.findById(edit.id()))
                .chain(existing -> {
                    if (existing == null) {
                        ProfileEntry created = entry(project, userId, edit.id(), edit);
                        return entries.persist(created).replaceWith(new EditResult(created, true, null));
                    }
                    if (!existing.project.equals(project) || !existing.userId.equals(userId)) {
                        // Ids are global; another user's entry must look like a taken id, not leak.
                        throw new EntryNotCurrentException(edit.id());
                    }
                    if (existing.validTo != null || existing.retiredAt != null) {
                        throw new EntryNotCurrentException(edit.id());
                    }
                    if (same(existing, edit)) {
                        return Uni.createFrom().item(new EditResult(existing, false, null));
                    }
                    if (edit.validFrom().isBefore(existing.validFrom)) {
                        throw new InvalidEditException(
                                "entry.valid_from", "must not be before the current version's valid_from");
                    }
                    ProfileEntry next = entry(project, userId, UUID.randomUUID(), edit);
                    existing.validTo = edit.validFrom();
                    existing.replacedBy = next.id;
                    return entries.persist(next).replaceWith(new EditResult(next, false, existing.id));
                }));
    }

    /**
     * Deletes the entry for good; the versions it had replaced take back its span ({@link
     * Succession}), so deleting a current value brings back the one it displaced. Emits false when
     * the user has no entry with this id.
     */
    public Uni<Boolean> delete(String project, String userId, UUID id) {
        return Panache.withTransaction(() -> entries.lockUser(project, userId)
                .chain(() -> entries.findOwned(project, userId, id))
                .chain(found -> found == null
                        ? Uni.createFrom().item(false)
                        : entries.replacedBy(found.id)
                                .invoke(replaced -> Succession.handBack(List.of(found), replaced))
                                .chain(() -> entries.delete(found))
                                .replaceWith(true)));
    }

    /**
     * Episodes were deleted: their ids leave every version's evidence; extracted versions left with
     * none are deleted, and the versions they had replaced take back their span ({@link Succession});
     * manual versions are the user's word and stay, without those ids. The episodes are dropped from
     * the extraction queue. All in one transaction, so no reader sees a feature without its value.
     */
    public Uni<Forgotten> forgetEpisodes(String project, String userId, List<String> episodeIds) {
        Set<String> gone = new HashSet<>(episodeIds);
        return Panache.withTransaction(() -> entries.lockUser(project, userId)
                .chain(() -> observed.forget(project, userId, episodeIds))
                .chain(() -> entries.history(project, userId))
                .chain(all -> {
                    List<ProfileEntry> emptied = new ArrayList<>();
                    List<ProfileEntry> kept = new ArrayList<>();
                    int updated = 0;
                    for (ProfileEntry entry : all) {
                        String[] left = Arrays.stream(entry.evidence)
                                .filter(episode -> !gone.contains(episode))
                                .toArray(String[]::new);
                        if (left.length == 0 && entry.evidence.length > 0 && entry.source != ProfileSource.MANUAL) {
                            emptied.add(entry);
                            continue;
                        }
                        if (left.length < entry.evidence.length) {
                            entry.evidence = left;
                            updated++;
                        }
                        kept.add(entry);
                    }
                    Succession.handBack(emptied, kept);
                    int changed = updated;
                    return deleteAll(emptied).replaceWith(() -> new Forgotten(changed, emptied.size()));
                }));
    }

    /**
     * Deletes everything held about the user: every entry and version, manual ones too, and every
     * episode observed for them, waiting or extracted. A batch of theirs being extracted right now
     * finds its episodes gone when it commits, and writes nothing. Emits how many entries were deleted.
     */
    public Uni<Long> forgetUser(String project, String userId) {
        return Panache.withTransaction(() -> entries.lockUser(project, userId)
                .chain(() -> observed.forgetUser(project, userId))
                .chain(() -> entries.deleteUser(project, userId)));
    }

    private Uni<Void> deleteAll(List<ProfileEntry> doomed) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (ProfileEntry entry : doomed) {
            chain = chain.chain(() -> entries.delete(entry));
        }
        return chain;
    }

    private static boolean same(ProfileEntry existing, EntryEdit edit) {
        return existing.subject.equals(edit.subject())
                && existing.category.equals(edit.category())
                && existing.tag.equals(edit.tag())
                && existing.feature.equals(edit.feature())
                && existing.value.equals(edit.value());
    }

    private static ProfileEntry entry(String project, String userId, UUID id, EntryEdit edit) {
        ProfileEntry entry = new ProfileEntry();
        entry.id = id;
        entry.project = project;
        entry.userId = userId;
        entry.subject = edit.subject();
        entry.category = edit.category();
        entry.tag = edit.tag();
        entry.feature = edit.feature();
        entry.value = edit.value();
        entry.validFrom = edit.validFrom();
        entry.evidence =
                Objects.requireNonNullElse(edit.evidence(), List.<String>of()).toArray(String[]::new);
        entry.source = ProfileSource.MANUAL;
        entry.confidence = edit.confidence();
        entry.recordedAt = Instant.now();
        return entry;
    }
}
