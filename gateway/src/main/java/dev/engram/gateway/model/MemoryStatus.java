package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How many of a user's episodes are stored and how many are searchable yet. */
public record MemoryStatus(@JsonProperty("user_id") String userId, long stored, long indexed, long pending) {}
