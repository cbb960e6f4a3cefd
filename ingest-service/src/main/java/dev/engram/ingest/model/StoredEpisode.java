package dev.engram.ingest.model;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Map;

/**
 * One episode as stored: the ground truth every derived index is rebuilt from. Rows are written
 * by {@code EpisodeRepository#insertAllIfAbsent} (an idempotent insert Hibernate cannot express), so
 * the key is assigned by the database and this entity is only read.
 */
@Entity
@Table(name = "episode")
public class StoredEpisode {

    /** Arrival sequence: breaks timestamp ties inside a session. */
    @Id
    public Long pk;

    public String project;

    @Column(name = "episode_id")
    public String episodeId;

    @Column(name = "user_id")
    public String userId;

    @Column(name = "agent_id")
    public String agentId;

    @Column(name = "session_id")
    public String sessionId;

    public String producer;

    @Column(name = "produced_for")
    public String producedFor;

    public String role;

    public String content;

    public Instant ts;

    @Convert(converter = MetadataConverter.class)
    public Map<String, String> metadata;

    @Column(name = "created_at")
    public Instant createdAt;

    /** When vector-service last confirmed the episode searchable; null while pending. */
    @Column(name = "indexed_at")
    public Instant indexedAt;

    /** How many times the episode was corrected; 0 as first added. */
    public int revision;

    /** When it was last corrected; null while it never was. */
    @Column(name = "updated_at")
    public Instant updatedAt;
}
