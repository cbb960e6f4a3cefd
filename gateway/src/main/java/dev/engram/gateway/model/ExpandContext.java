package dev.engram.gateway.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** How many neighbours of the same session come with each matching episode. */
public record ExpandContext(
        @Schema(defaultValue = "1", minimum = "0", maximum = "10")
        Integer before,

        @Schema(defaultValue = "2", minimum = "0", maximum = "10")
        Integer after) {}
