package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;

public record ProjectView(
        String id, String name, @JsonProperty("created_at") String createdAt) {}
