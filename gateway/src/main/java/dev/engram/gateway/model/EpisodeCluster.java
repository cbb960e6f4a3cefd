package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A matching episode (the nucleus) with its neighbours. */
public record EpisodeCluster(
        float score,
        @JsonProperty("nucleus_id") String nucleusId,
        @Schema(description = "In chronological order.") List<EpisodeView> episodes) {}
