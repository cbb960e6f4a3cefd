package dev.engram.profile.model;

import java.util.UUID;

/** The entry a manual edit left current; {@code replaced} names the version it closed, if any. */
public record EditResult(ProfileEntry entry, boolean created, UUID replaced) {}
