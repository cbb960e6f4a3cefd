package dev.engram.profile.model;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * One fact about a subject in a user's memory ({@code category / tag / feature = value}), valid
 * from {@code validFrom} until {@code validTo} ({@code null} while current). {@code evidence}
 * holds the ids of the episodes the fact was drawn from. Rows are closed or retired, never
 * rewritten, so the history stays readable; {@code replacedBy} names the version that closed a row
 * by replacing its value, so that deleting that version can hand the span back.
 */
@Entity
@Table(schema = "profile", name = "profile_entry")
public class ProfileEntry {

    @Id
    public UUID id;

    @Column(nullable = false, length = 128)
    public String project;

    @Column(name = "user_id", nullable = false, length = 128)
    public String userId;

    @Column(nullable = false)
    public String subject;

    @Column(nullable = false)
    public String category;

    @Column(nullable = false)
    public String tag;

    @Column(nullable = false)
    public String feature;

    @Column(nullable = false)
    public String value;

    @Column(name = "valid_from", nullable = false)
    public Instant validFrom;

    @Column(name = "valid_to")
    public Instant validTo;

    @Column(nullable = false)
    public String[] evidence = new String[0];

    @Convert(converter = ProfileSourceConverter.class)
    @Column(nullable = false, length = 16)
    public ProfileSource source;

    @Column(nullable = false)
    public float confidence;

    @Column(name = "recorded_at", nullable = false)
    public Instant recordedAt;

    @Column(name = "retired_at")
    public Instant retiredAt;

    /** The version whose value closed this one; null while current or when closed without a successor. */
    @Column(name = "replaced_by")
    public UUID replacedBy;
}
