package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One page of a user's episodes in session order; {@code next_cursor} fetches the next, null on the last. */
public record EpisodePage(
        List<EpisodeView> episodes,
        @JsonProperty("next_cursor") String nextCursor) {}
