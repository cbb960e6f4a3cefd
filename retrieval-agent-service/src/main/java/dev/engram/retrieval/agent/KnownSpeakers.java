package dev.engram.retrieval.agent;

import dev.engram.proto.v1.Scope;
import dev.engram.retrieval.config.AgentConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The people who speak in each user's memory, as this replica has seen them in the hits of chain
 * searches. The chain's person hop needs to know who a question is about; knowing the user's
 * speakers from an earlier search lets it search that person's own turns alongside the first round
 * instead of after it. Bounded in size (the users searched least recently are forgotten first) and
 * in time (a user not seen for a while is forgotten, so a deleted user's names do not linger); a
 * forgotten user only costs one search in sequence again.
 */
// Created at start, so that a negative setting stops the service rather than its first chain.
@Startup
@ApplicationScoped
public class KnownSpeakers {

    // A memory has a handful of speakers; a cap keeps a misparsed hit from growing an entry.
    static final int MAX_SPEAKERS_PER_USER = 64;

    private final long ttlNanos;
    private final LongSupplier clock;
    private final Map<String, Entry> byUser;

    @Inject
    public KnownSpeakers(AgentConfig config) {
        this(config.chain().knownSpeakersUsers(), config.chain().knownSpeakersTtl(), System::nanoTime);
    }

    KnownSpeakers(int maxUsers, Duration ttl, LongSupplier clock) {
        if (maxUsers < 0 || ttl.isNegative()) {
            throw new IllegalArgumentException("engram.retrieval.agent.chain.known-speakers-users and"
                    + " known-speakers-ttl must not be negative, were " + maxUsers + " and " + ttl);
        }
        this.ttlNanos = ttl.toNanos();
        this.clock = clock;
        this.byUser = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > maxUsers;
            }
        };
    }

    /** The speakers seen in this user's hits; empty when none were seen, or not recently enough. */
    public synchronized Set<String> of(Scope scope) {
        String key = key(scope);
        Entry known = byUser.get(key);
        if (known == null) {
            return Set.of();
        }
        if (clock.getAsLong() - known.seenAt >= ttlNanos) {
            byUser.remove(key);
            return Set.of();
        }
        return Set.copyOf(known.speakers);
    }

    public synchronized void saw(Scope scope, Collection<String> speakers) {
        if (speakers.isEmpty()) {
            return;
        }
        String key = key(scope);
        Entry known = byUser.get(key);
        long now = clock.getAsLong();
        if (known == null || now - known.seenAt >= ttlNanos) {
            known = new Entry();
            byUser.put(key, known);
        }
        known.seenAt = now;
        for (String speaker : speakers) {
            if (known.speakers.size() >= MAX_SPEAKERS_PER_USER) {
                break;
            }
            known.speakers.add(speaker);
        }
    }

    /** Forgets every user, as a restart would. */
    synchronized void forgetAll() {
        byUser.clear();
    }

    private static String key(Scope scope) {
        // Length-prefixed, so that no (project, user) pair can spell another.
        return scope.getProject().length() + ":" + scope.getProject() + scope.getUserId();
    }

    private static final class Entry {
        private final Set<String> speakers = new LinkedHashSet<>();
        private long seenAt;
    }
}
