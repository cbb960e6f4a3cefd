package dev.engram.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the check after the load found, summed over the users the load wrote to.
 *
 * @param accepted episodes the gateway answered {@code created}
 * @param stored episodes stored, by each user's last status
 * @param indexed episodes searchable, by each user's last status
 * @param pending episodes not searchable yet, by each user's last status
 * @param missing accepted episodes not stored: per user, what {@code stored} falls short of {@code accepted}
 * @param usersShort the users with missing episodes
 * @param usersUnread users whose status could not be read at all (see {@code errors})
 * @param caughtUp whether every user reached {@code pending} 0 within the settle time
 * @param seconds from the end of the load until the last user reached {@code pending} 0; when not caught up,
 *     how long the check waited
 * @param errors failed status reads
 */
public record IndexingOutcome(
        int users,
        long accepted,
        long stored,
        long indexed,
        long pending,
        long missing,
        List<String> usersShort,
        int usersUnread,
        boolean caughtUp,
        double seconds,
        ErrorCounts errors) {

    public IndexingOutcome {
        usersShort = List.copyOf(usersShort);
    }

    /** Sums the last status read of each user against what was accepted for it. */
    static IndexingOutcome of(
            Map<String, Long> acceptedByUser,
            Map<String, UserStatus> lastStatus,
            boolean caughtUp,
            double seconds,
            ErrorCounts errors) {
        long accepted = 0;
        long stored = 0;
        long indexed = 0;
        long pending = 0;
        long missing = 0;
        int unread = 0;
        List<String> usersShort = new ArrayList<>();
        for (Map.Entry<String, Long> user : acceptedByUser.entrySet()) {
            accepted += user.getValue();
            UserStatus status = lastStatus.get(user.getKey());
            if (status == null) {
                unread++;
                continue;
            }
            stored += status.stored();
            indexed += status.indexed();
            pending += status.pending();
            if (status.stored() < user.getValue()) {
                missing += user.getValue() - status.stored();
                usersShort.add(user.getKey());
            }
        }
        return new IndexingOutcome(
                acceptedByUser.size(),
                accepted,
                stored,
                indexed,
                pending,
                missing,
                usersShort,
                unread,
                caughtUp,
                seconds,
                errors);
    }
}
