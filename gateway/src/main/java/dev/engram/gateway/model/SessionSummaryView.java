package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A session of a user: how many episodes it holds and the times of its first and last. */
public record SessionSummaryView(
        @JsonProperty("session_id") String sessionId,
        long episodes,

        @JsonProperty("first_episode_at") @Schema(format = "date-time")
        String firstEpisodeAt,

        @JsonProperty("last_episode_at") @Schema(format = "date-time")
        String lastEpisodeAt) {}
