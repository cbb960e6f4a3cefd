package dev.engram.ingest.model;

import java.util.List;
import java.util.UUID;

/**
 * A deletion just recorded: its episodes are gone, and {@code purges} are leased to the request that
 * recorded it. {@code shortTermChanged} tells whether a summary was reset and needs rebuilding.
 */
public record DeletionJob(UUID id, String project, List<PurgeTask> purges, boolean shortTermChanged) {

    public DeletionJob {
        purges = List.copyOf(purges);
    }
}
