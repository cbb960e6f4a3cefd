package dev.engram.profile.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An episode delivered for profile extraction. It waits until its user's batch is due, is claimed
 * under a lease, and once extracted keeps only its key ({@code content} cleared) so that a
 * re-delivery is recognised.
 */
@Entity
@Table(schema = "profile", name = "observed_episode")
public class ObservedEpisode {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, length = 128)
    public String project;

    @Column(name = "user_id", nullable = false, length = 128)
    public String userId;

    @Column(name = "episode_id", nullable = false, length = 128)
    public String episodeId;

    @Column(name = "session_id")
    public String sessionId;

    public String producer;

    @Column(name = "produced_for")
    public String producedFor;

    public String content;

    @Column(nullable = false)
    public Instant ts;

    /** The episode's revision as delivered: 0 as first added, one more for each correction. */
    @Column(nullable = false)
    public int revision;

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;

    @Column(name = "claim_token")
    public String claimToken;

    @Column(name = "claimed_until")
    public Instant claimedUntil;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "processed_at")
    public Instant processedAt;

    /** Who said it: the subject of its first-person statements; the user when nobody is named. */
    public String speaker() {
        return producer == null || producer.isBlank() ? userId : producer.strip();
    }
}
