package dev.engram.gateway.model;

import java.util.List;

/** Answer of {@code POST /v1/memories}: one outcome per episode, in request order. */
public record AddMemoriesResponse(List<EpisodeOutcome> episodes) {}
