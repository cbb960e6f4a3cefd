package dev.engram.gateway.model;

/** Which project to reindex; a project's own admin key may leave it out, the bootstrap key may too (all). */
public record ReindexRequest(String project) {}
