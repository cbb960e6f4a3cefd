package dev.engram.ingest.outbox;

import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.StoredEpisode;
import io.smallrye.mutiny.Uni;
import java.util.List;

/** How the outbox hands a batch to one target; the relay owns claiming, retries and parking. */
interface OutboxDelivery {

    OutboxTarget target();

    /** The name used in log lines. */
    String service();

    /** Completes once the target has durably taken the episodes; fails with the call's status. */
    Uni<Void> deliver(List<StoredEpisode> episodes);

    /** Whether a delivered episode becomes searchable (and is then marked indexed). */
    boolean marksIndexed();
}
