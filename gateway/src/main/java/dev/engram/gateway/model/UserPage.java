package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One page of the project's users in id order; {@code next_cursor} fetches the next, null on the last. */
public record UserPage(
        List<UserSummaryView> users,
        @JsonProperty("next_cursor") String nextCursor) {}
