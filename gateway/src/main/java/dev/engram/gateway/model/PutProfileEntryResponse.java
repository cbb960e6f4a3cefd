package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of {@code PUT /v1/users/{user_id}/profile/{entry_id}}: the entry as stored now. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PutProfileEntryResponse(
        @Schema(description = "Under a new id when a new version was recorded.")
        ProfileEntryView entry,

        @Schema(description = "True when no entry had this id before (status 201).")
        boolean created,

        @Schema(description = "The id of the version this one replaced (now closed); absent when nothing was replaced.")
        String replaced) {}
