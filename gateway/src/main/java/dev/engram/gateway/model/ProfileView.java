package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Answer of {@code GET /v1/users/{user_id}/profile} and of its {@code /history}. */
public record ProfileView(@JsonProperty("user_id") String userId, List<ProfileEntryView> entries) {}
