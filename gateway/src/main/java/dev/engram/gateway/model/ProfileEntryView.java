package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One version of what is known about a person in the user's memory, as the profile endpoints and search show it. */
public record ProfileEntryView(
        @Schema(description = "A UUID; a new version of the entry gets a new one.")
        String id,

        @Schema(description = "Whom the entry is about.", examples = "Caroline")
        String subject,

        @Schema(examples = "profile") String category,
        @Schema(examples = "identity") String tag,
        @Schema(examples = "gender identity") String feature,
        @Schema(examples = "transgender woman") String value,

        @Schema(format = "date-time", description = "Since when the value holds.", examples = "2023-05-08T13:56:00Z")
        @JsonProperty("valid_from")
        String validFrom,

        @Schema(
                format = "date-time",
                nullable = true,
                description = "When a newer version replaced this one; null while the entry is current.")
        @JsonProperty("valid_to")
        String validTo,

        @Schema(description = "Ids of the episodes the entry was learnt from.")
        List<String> evidence,

        @Schema(enumeration = {"llm", "rules", "manual"}) String source,

        @Schema(minimum = "0", maximum = "1") float confidence,

        @Schema(format = "date-time") @JsonProperty("recorded_at")
        String recordedAt,

        @Schema(
                format = "date-time",
                description = "Set when consolidation retired the entry (merged or crowded out); absent otherwise.")
        @JsonProperty("retired_at")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        String retiredAt) {}
