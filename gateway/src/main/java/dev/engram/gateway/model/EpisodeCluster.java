package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A matching episode (the nucleus) with its neighbours. */
public record EpisodeCluster(
        @Schema(description = "Orders the clusters of one answer; not comparable across queries.")
        float score,

        @Schema(
                description = "How likely the cluster holds what the question asks for, 0 to 1, comparable"
                        + " across queries: the similarity, calibrated on benchmark questions.")
        float relevance,

        @Schema(
                description = "The closest any episode of the cluster comes to the question by meaning"
                        + " (cosine similarity mapped to 0 to 1).")
        float similarity,

        @JsonProperty("nucleus_id") String nucleusId,
        @Schema(description = "In chronological order.") List<EpisodeView> episodes) {}
