package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

public record ProjectView(
        String id,
        String name,

        @Schema(format = "date-time") @JsonProperty("created_at")
        String createdAt) {}
