package dev.engram.ingest.model;

/**
 * Where episodes belong. {@code project} is the tenant boundary, {@code userId} a hard isolation
 * boundary inside it; {@code agentId} is optional (null when absent). Episodes are always stored in
 * a session; a read that does not narrow to one has a null {@code sessionId}.
 */
public record EpisodeScope(String project, String userId, String agentId, String sessionId) {}
