package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One page of a user's sessions in id order; {@code next_cursor} fetches the next, null on the last. */
public record SessionPage(
        List<SessionSummaryView> sessions,
        @JsonProperty("next_cursor") String nextCursor) {}
