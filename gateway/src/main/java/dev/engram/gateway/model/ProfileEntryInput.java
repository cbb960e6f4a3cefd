package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code PUT /v1/users/{user_id}/profile/{entry_id}}: a manual entry, or a new version of a current one. */
public record ProfileEntryInput(
        @Schema(required = true, examples = "Caroline") String subject,
        @Schema(defaultValue = "profile") String category,
        @Schema(required = true, examples = "identity") String tag,

        @Schema(required = true, examples = "gender identity")
        String feature,

        @Schema(required = true, examples = "transgender woman")
        String value,

        @Schema(
                format = "date-time",
                description = "ISO-8601 with offset; now when absent. A new version must not start before the"
                        + " version it replaces.",
                examples = "2023-05-08T13:56:00Z")
        @JsonProperty("valid_from")
        String validFrom,

        @Schema(description = "Ids of the episodes that support the entry.")
        List<String> evidence,

        @Schema(description = "Left out: 1.") Double confidence) {}
