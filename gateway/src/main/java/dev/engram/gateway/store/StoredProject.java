package dev.engram.gateway.store;

import java.time.OffsetDateTime;

public record StoredProject(String id, String name, OffsetDateTime createdAt) {}
