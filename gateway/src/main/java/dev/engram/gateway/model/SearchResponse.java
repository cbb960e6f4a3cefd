package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Answer of {@code POST /v1/memories/search}. {@code short_term} is present only when the search named a
 * {@code session_id} and did not leave short-term memory out of {@code include}. The profile is not built in
 * this version, so {@code profile} is absent rather than empty; so is {@code episodic} when not included.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResponse(
        List<EpisodeCluster> episodic,
        @JsonProperty("short_term") ShortTermView shortTerm,
        String context,
        SearchTrace trace) {}
