package dev.engram.ingest.outbox;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.ingest.config.DeletionConfig;
import dev.engram.ingest.config.OutboxConfig;
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

    static final String OUTBOX_LEASE = "engram.outbox.lease";
    static final String DELETION_LEASE = "engram.deletion.lease";

    void onStart(@Observes StartupEvent event, OutboxConfig outbox, DeletionConfig deletion, CallPolicies policies) {
        CallPolicy vector = policies.to("vector");
        CallPolicy profile = policies.to("profile");
        verify(outbox.lease(), vector.deadline("index"), OUTBOX_LEASE, deadlineKey("vector", "index"));
        verify(outbox.lease(), profile.deadline("observe"), OUTBOX_LEASE, deadlineKey("profile", "observe"));
        verify(deletion.lease(), vector.deadline("delete"), DELETION_LEASE, deadlineKey("vector", "delete"));
        for (String forget : new String[] {"forget-episodes", "forget-user"}) {
            verify(deletion.lease(), profile.deadline(forget), DELETION_LEASE, deadlineKey("profile", forget));
        }
    }

    static String deadlineKey(String peer, String method) {
        return "engram.clients." + peer + ".methods." + method + ".deadline";
    }

    static void verify(Duration lease, Duration deadline, String leaseKey, String deadlineKey) {
        if (lease.compareTo(deadline) <= 0) {
            throw new IllegalStateException(leaseKey + " (" + lease + ") must be longer than"
                    + " " + deadlineKey + " (" + deadline + "): a call that outlives its lease"
                    + " is repeated by another relay while it still runs");
        }
    }
}
