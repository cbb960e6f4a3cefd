package dev.engram.gateway.model;

/** A new project: its id (the tenant key, an id like any other) and a display name (the id when left out). */
public record CreateProjectRequest(String id, String name) {}
