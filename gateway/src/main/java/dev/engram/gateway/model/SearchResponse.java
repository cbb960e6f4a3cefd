package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Answer of {@code POST /v1/memories/search}. {@code short_term} is present only when the search named a
 * {@code session_id} and did not leave short-term memory out of {@code include}; {@code profile} only when
 * {@code include} names it and the profile could be read, otherwise {@code warnings} says why it is missing;
 * {@code episodic} is absent when not included.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResponse(
        List<EpisodeCluster> episodic,
        @JsonProperty("short_term") ShortTermView shortTerm,

        @Schema(description = "The user's current profile entries that bear on the query, most relevant first.")
        List<ProfileEntryView> profile,

        String context,
        SearchTrace trace,

        @Schema(description = "Parts of the answer that are missing, e.g. the profile when it could not be read.")
        List<SearchWarning> warnings) {

    /** This answer with the profile part of the search: its entries, or a warning that they are missing. */
    public SearchResponse withProfile(List<ProfileEntryView> entries, SearchWarning warning) {
        return new SearchResponse(
                episodic, shortTerm, entries, context, trace, warning == null ? warnings : List.of(warning));
    }
}
