package dev.engram.ingest.service;

import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.config.VectorClientConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;

/**
 * Refuses to start with an outbox lease that a call may outlive: the rows of a slow call would be
 * claimed again by another relay and delivered twice at the same time.
 */
@ApplicationScoped
public class LeaseCheck {

    void onStart(
            @Observes StartupEvent event, OutboxConfig outbox, VectorClientConfig vector, ProfileClientConfig profile) {
        verify(outbox.lease(), vector.deadline());
        verify(outbox.lease(), profile.deadline(), "engram.profile.deadline");
    }

    static void verify(Duration lease, Duration deadline) {
        verify(lease, deadline, "engram.vector.deadline");
    }

    static void verify(Duration lease, Duration deadline, String deadlineKey) {
        if (lease.compareTo(deadline) <= 0) {
            throw new IllegalStateException("engram.outbox.lease (" + lease + ") must be longer than"
                    + " " + deadlineKey + " (" + deadline + "): a delivery that outlives its lease"
                    + " is repeated by another relay while it still runs");
        }
    }
}
