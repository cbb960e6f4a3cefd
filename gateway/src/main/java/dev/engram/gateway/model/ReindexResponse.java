package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The reindex was queued: this many stored episodes will be indexed again; status shows the progress. */
public record ReindexResponse(
        String project, @JsonProperty("queued_episodes") long queuedEpisodes) {}
