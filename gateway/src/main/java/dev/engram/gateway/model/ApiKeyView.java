package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An API key as listed: never its secret. {@code key} is present once, in the answer that created it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiKeyView(
        String id,
        String project,
        String name,
        List<String> scopes,

        @Schema(format = "date-time") @JsonProperty("created_at")
        String createdAt,

        @Schema(format = "date-time", nullable = true) @JsonProperty("revoked_at")
        String revokedAt,

        String key) {}
