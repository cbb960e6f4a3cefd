package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A user of the project: how many episodes are stored, searchable and still to index, and the newest one's time. */
public record UserSummaryView(
        @JsonProperty("user_id") String userId,
        long stored,
        long indexed,
        long pending,
        long sessions,

        @JsonProperty("last_episode_at") @Schema(format = "date-time")
        String lastEpisodeAt) {}
