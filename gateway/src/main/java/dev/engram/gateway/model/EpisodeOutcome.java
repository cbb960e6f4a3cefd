package dev.engram.gateway.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What happened to one added episode. */
public record EpisodeOutcome(
        String id,

        @Schema(enumeration = {EpisodeOutcome.CREATED, EpisodeOutcome.DUPLICATE})
        String status) {

    public static final String CREATED = "created";
    public static final String DUPLICATE = "duplicate";
}
