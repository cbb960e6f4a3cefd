package dev.engram.ingest.model;

import java.util.List;
import java.util.UUID;

/** Where a deletion stands: the episodes it removed, and the stores still to be purged (none: complete). */
public record DeletionStatus(UUID id, long episodes, List<OutboxTarget> pendingStores) {

    public DeletionStatus {
        pendingStores = List.copyOf(pendingStores);
    }

    public boolean complete() {
        return pendingStores.isEmpty();
    }
}
