package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A session's short-term memory: a summary of what fell out of its recent window, and its recent
 * episodes (with any the summary does not cover yet), read without search.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ShortTermView(
        @JsonProperty("session_id") String sessionId,

        @Schema(description = "What fell out of the recent window, condensed; empty while nothing has.")
        String summary,

        @Schema(description = "The recent episodes, in chronological order.")
        List<EpisodeView> episodes,

        @Schema(description = "How many of the session's episodes the summary covers; absent in search results.")
        @JsonProperty("summarized_episodes")
        Long summarizedEpisodes) {}
