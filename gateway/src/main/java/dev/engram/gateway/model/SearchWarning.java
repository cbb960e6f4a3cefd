package dev.engram.gateway.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A part of a search answer that is missing, while the rest is complete. */
public record SearchWarning(
        @Schema(enumeration = {SearchWarning.PROFILE_UNAVAILABLE})
        String code,

        String message) {

    public static final String PROFILE_UNAVAILABLE = "profile_unavailable";
}
