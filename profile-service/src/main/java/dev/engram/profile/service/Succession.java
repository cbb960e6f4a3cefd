package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * What becomes of the versions a deleted version had replaced: they take back the span it held, so
 * deleting a value (its evidence deleted, or deleted by hand) never leaves its feature without the
 * value it had displaced. The replaced version of a current one becomes current again; that of a
 * closed one holds until the version that closed the deleted one, and is now replaced by it. Only
 * versions that stay take anything back: an extracted version without evidence left is deleted too,
 * a manual one stands on the user's word. A deleted version that had been retired was not the
 * subject's value, so what it replaced stays closed.
 */
final class Succession {

    private Succession() {}

    /**
     * Hands the spans of {@code deleted} back to the versions among {@code kept} that they replaced,
     * across runs of deleted versions each replaced by the next. The entities change in place, before
     * the deletions are flushed.
     */
    static void handBack(Collection<ProfileEntry> deleted, Collection<ProfileEntry> kept) {
        Map<UUID, ProfileEntry> deletedById = new HashMap<>();
        deleted.forEach(entry -> deletedById.put(entry.id, entry));
        for (ProfileEntry entry : kept) {
            ProfileEntry replacer = entry.replacedBy == null ? null : deletedById.get(entry.replacedBy);
            if (replacer == null) {
                continue;
            }
            ProfileEntry last = lastDeleted(replacer, deletedById);
            if (last.retiredAt != null) {
                entry.replacedBy = null;
                continue;
            }
            entry.validTo = last.validTo;
            entry.replacedBy = last.replacedBy;
        }
    }

    /** The end of the run of deleted versions that starts at {@code first}. */
    private static ProfileEntry lastDeleted(ProfileEntry first, Map<UUID, ProfileEntry> deletedById) {
        ProfileEntry last = first;
        // Replacements never form a loop, but this runs under the user's lock: bounded all the same.
        for (int step = 0; step < deletedById.size() && last.replacedBy != null; step++) {
            ProfileEntry next = deletedById.get(last.replacedBy);
            if (next == null) {
                break;
            }
            last = next;
        }
        return last;
    }
}
