package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Answer of {@code POST /v1/memories/search}. Short-term memory and the profile are not built in this
 * version, so {@code short_term} and {@code profile} are absent rather than empty.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResponse(List<EpisodeCluster> episodic, String context, SearchTrace trace) {}
