package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A deletion: {@code complete} once every store (episodes, short-term memory, vector index, profile) is purged;
 * {@code pending} while a derived store is still to be reached, named in {@code pending_stores}.
 */
public record DeletionView(
        String id,
        String status,
        @JsonProperty("deleted_episodes") long deletedEpisodes,
        @JsonProperty("pending_stores") List<String> pendingStores) {

    public static final String COMPLETE = "complete";
    public static final String PENDING = "pending";

    public boolean complete() {
        return COMPLETE.equals(status);
    }
}
