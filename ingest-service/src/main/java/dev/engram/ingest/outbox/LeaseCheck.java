package dev.engram.ingest.outbox;

import dev.engram.ingest.config.DeletionConfig;
import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.config.VectorClientConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;

/**
 * Refuses to start with an outbox or deletion lease that a call may outlive: the rows of a slow call
 * would be claimed again by another relay and delivered (or purged) twice at the same time.
 */
@ApplicationScoped
public class LeaseCheck {

    private static final String DELETION_LEASE = "engram.deletion.lease";

    void onStart(
            @Observes StartupEvent event,
            OutboxConfig outbox,
            DeletionConfig deletion,
            VectorClientConfig vector,
            ProfileClientConfig profile) {
        verify(outbox.lease(), vector.deadline());
        verify(outbox.lease(), profile.deadline(), "engram.profile.deadline");
        verify(deletion.lease(), vector.purgeDeadline(), DELETION_LEASE, "engram.vector.purge-deadline");
        verify(deletion.lease(), profile.purgeDeadline(), DELETION_LEASE, "engram.profile.purge-deadline");
    }

    static void verify(Duration lease, Duration deadline) {
        verify(lease, deadline, "engram.vector.deadline");
    }

    static void verify(Duration lease, Duration deadline, String deadlineKey) {
        verify(lease, deadline, "engram.outbox.lease", deadlineKey);
    }

    static void verify(Duration lease, Duration deadline, String leaseKey, String deadlineKey) {
        if (lease.compareTo(deadline) <= 0) {
            throw new IllegalStateException(leaseKey + " (" + lease + ") must be longer than"
                    + " " + deadlineKey + " (" + deadline + "): a call that outlives its lease"
                    + " is repeated by another relay while it still runs");
        }
    }
}
