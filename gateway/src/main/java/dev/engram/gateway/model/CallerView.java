package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Who a request is made as, so that a client offers only what the key may do.
 *
 * @param project the key's project; null for the bootstrap administrator key, which has none
 * @param keyId the key's public id; null while authentication is off
 * @param authentication false while the gateway runs without authentication (every request is the project's)
 */
public record CallerView(
        String project,
        @JsonProperty("key_id") String keyId,
        @Schema(enumeration = {"read", "write", "admin"}) List<String> scopes,
        boolean authentication) {}
