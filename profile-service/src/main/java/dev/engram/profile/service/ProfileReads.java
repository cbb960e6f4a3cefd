package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.store.ProfileEntryRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** Reads of a user's profile: current or as of a time, ranked by a query, and the full history. */
@ApplicationScoped
public class ProfileReads {

    private final ProfileEntryRepository entries;

    ProfileReads(ProfileEntryRepository entries) {
        this.entries = entries;
    }

    /**
     * The entries that hold now, or at {@code at}; narrowed to {@code subject} when given. With a
     * query they come most relevant first and unrelated ones are left out ({@link Relevance});
     * without, in subject, tag, feature order. {@code limit} 0 means all.
     */
    public Uni<List<ProfileEntry>> profile(
            String project, String userId, Instant at, String subject, String query, int limit) {
        return Panache.withSession(
                        () -> at == null ? entries.current(project, userId) : entries.asOf(project, userId, at))
                .map(found -> {
                    List<ProfileEntry> about =
                            bySubject(found.stream(), subject).toList();
                    if (query != null && !query.isBlank()) {
                        return Relevance.rank(about, query, limit);
                    }
                    return limit > 0 ? about.stream().limit(limit).toList() : about;
                });
    }

    /** Every version, narrowed by whichever of subject, tag and feature are given. */
    public Uni<List<ProfileEntry>> history(String project, String userId, String subject, String tag, String feature) {
        return Panache.withSession(() -> entries.history(project, userId))
                .map(found -> bySubject(found.stream(), subject)
                        .filter(e -> tag == null || e.tag.equalsIgnoreCase(tag))
                        .filter(e -> feature == null || e.feature.equalsIgnoreCase(feature))
                        .toList());
    }

    private static Stream<ProfileEntry> bySubject(Stream<ProfileEntry> entries, String subject) {
        return subject == null ? entries : entries.filter(e -> e.subject.equalsIgnoreCase(subject));
    }
}
