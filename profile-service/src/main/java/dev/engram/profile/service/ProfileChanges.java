package dev.engram.profile.service;

import dev.engram.profile.model.CommandOp;
import dev.engram.profile.model.CommandOutcome;
import dev.engram.profile.model.ProfileCommand;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Applies validated commands to one user's current profile in memory. Entries are versioned, not
 * overwritten: an update closes the differing current values of its feature at the new value's
 * {@code validFrom} and is recorded as what replaced them, a delete closes. A command whose value
 * the profile already holds (exactly or as a near-duplicate, {@link Similarity}) only adds its
 * evidence to that entry, which is also what makes a re-extracted batch harmless; an update that
 * says more than the value it contains ("nurse" then "charge nurse") is a new value and replaces it.
 * A delete that closes an employer ("I left the hospital") ends the job held there, so the
 * subject's current occupation of the same tag closes with it. {@code current} holds managed
 * entities; new ones collect in {@link #created()} for the caller to persist.
 */
final class ProfileChanges {

    private static final String EMPLOYER = "employer";
    private static final String OCCUPATION = "occupation";

    private final String project;
    private final String userId;
    private final String category;
    private final double threshold;
    private final List<ProfileEntry> current;
    private final List<ProfileEntry> created = new ArrayList<>();
    private final Instant now = Instant.now();
    private int added;
    private int merged;
    private int closed;

    ProfileChanges(String project, String userId, String category, double threshold, List<ProfileEntry> current) {
        this.project = project;
        this.userId = userId;
        this.category = category;
        this.threshold = threshold;
        this.current = new ArrayList<>(current);
    }

    /** Applies one command whose facts became true at {@code validFrom}. */
    void apply(ProfileCommand command, Instant validFrom, ProfileSource source) {
        if (command.op() == CommandOp.DELETE) {
            close(command, validFrom);
            return;
        }
        List<ProfileEntry> sameTag = current.stream()
                .filter(e -> e.validTo == null && e.retiredAt == null)
                .filter(e -> e.subject.equalsIgnoreCase(command.subject()) && e.tag.equals(command.tag()))
                .toList();
        for (ProfileEntry entry : sameTag) {
            boolean refines =
                    command.op() == CommandOp.UPDATE && Similarity.refines(command.feature(), command.value(), entry);
            if (Similarity.exactDuplicate(entry, command.feature(), command.value())
                    || !refines && Similarity.nearDuplicate(entry, command.feature(), command.value(), threshold)) {
                entry.evidence = union(entry.evidence, command.evidence());
                entry.confidence = Math.max(entry.confidence, command.confidence());
                merged++;
                return;
            }
        }
        ProfileEntry entry = newEntry(command, validFrom, source);
        if (command.op() == CommandOp.UPDATE) {
            for (ProfileEntry old : sameTag) {
                if (!Words.normalise(old.feature).equals(Words.normalise(command.feature()))) {
                    continue;
                }
                if (!old.validFrom.isAfter(validFrom)) {
                    old.validTo = validFrom;
                    old.replacedBy = entry.id;
                    closed++;
                } else if (entry.validTo == null || old.validFrom.isBefore(entry.validTo)) {
                    // Evidence older than the current value: this value held until the current one began.
                    entry.validTo = old.validFrom;
                    entry.replacedBy = old.id;
                }
            }
        }
        current.add(entry);
        created.add(entry);
        added++;
    }

    List<ProfileEntry> created() {
        return created;
    }

    /** Every entry this batch may have touched, current ones included. */
    List<ProfileEntry> entries() {
        return current;
    }

    CommandOutcome outcome() {
        return new CommandOutcome(added, merged, closed, 0);
    }

    private void close(ProfileCommand command, Instant validFrom) {
        boolean jobEnded = false;
        for (ProfileEntry entry : current) {
            if (entry.validTo != null || entry.retiredAt != null || !selects(command, entry)) {
                continue;
            }
            closeAt(entry, command, validFrom);
            jobEnded |= Words.normalise(entry.feature).equals(EMPLOYER);
        }
        if (jobEnded && (command.entryId() == null || command.entryId().isBlank())) {
            // Leaving the employer ends the job held there: the occupation stated before it closes too.
            for (ProfileEntry entry : current) {
                if (entry.validTo == null
                        && entry.retiredAt == null
                        && entry.subject.equalsIgnoreCase(command.subject())
                        && entry.tag.equals(command.tag())
                        && Words.normalise(entry.feature).equals(OCCUPATION)
                        && !entry.validFrom.isAfter(validFrom)) {
                    closeAt(entry, command, validFrom);
                }
            }
        }
    }

    private void closeAt(ProfileEntry entry, ProfileCommand command, Instant validFrom) {
        entry.validTo = entry.validFrom.isAfter(validFrom) ? entry.validFrom : validFrom;
        entry.evidence = union(entry.evidence, command.evidence());
        closed++;
    }

    private boolean selects(ProfileCommand command, ProfileEntry entry) {
        if (command.entryId() != null && !command.entryId().isBlank()) {
            return entry.id.toString().equals(command.entryId());
        }
        return entry.subject.equalsIgnoreCase(command.subject())
                && entry.tag.equals(command.tag())
                && Words.normalise(entry.feature).equals(Words.normalise(command.feature()))
                && (command.value() == null
                        || command.value().isBlank()
                        || Similarity.nearDuplicate(entry, command.feature(), command.value(), threshold)
                        || Similarity.exactDuplicate(entry, command.feature(), command.value()));
    }

    private ProfileEntry newEntry(ProfileCommand command, Instant validFrom, ProfileSource source) {
        ProfileEntry entry = new ProfileEntry();
        entry.id = UUID.randomUUID();
        entry.project = project;
        entry.userId = userId;
        entry.subject = command.subject();
        entry.category = category;
        entry.tag = command.tag();
        entry.feature = command.feature();
        entry.value = command.value();
        entry.validFrom = validFrom;
        entry.evidence = command.evidence().toArray(String[]::new);
        entry.source = source;
        entry.confidence = command.confidence();
        entry.recordedAt = now;
        return entry;
    }

    static String[] union(String[] evidence, List<String> more) {
        Set<String> all = new LinkedHashSet<>(List.of(evidence));
        all.addAll(more);
        return all.toArray(String[]::new);
    }
}
