package dev.engram.profile.model;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A validated manual edit: what the entry {@code id} should say from {@code validFrom} on. */
public record EntryEdit(
        UUID id,
        String subject,
        String category,
        String tag,
        String feature,
        String value,
        Instant validFrom,
        List<String> evidence,
        float confidence) {}
