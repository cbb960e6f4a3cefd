package dev.engram.retrieval.agent;

import dev.engram.proto.v1.Scope;
import dev.engram.retrieval.config.AgentConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The people who speak in each user's memory, as this replica has seen them in search hits. The
 * chain's person hop needs to know who a question is about; knowing the user's speakers from
 * earlier searches lets it search that person's own turns alongside the first round instead of
 * after it. Bounded: the users searched least recently are forgotten first, and a forgotten user
 * only costs one search in sequence again.
 */
@Singleton
public class KnownSpeakers {

    // A memory has a handful of speakers; a cap keeps a misparsed hit from growing an entry.
    static final int MAX_SPEAKERS_PER_USER = 64;

    private final Map<String, Set<String>> byUser;

    @Inject
    public KnownSpeakers(AgentConfig config) {
        this(config.chain().knownSpeakersUsers());
    }

    KnownSpeakers(int maxUsers) {
        this.byUser = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Set<String>> eldest) {
                return size() > maxUsers;
            }
        };
    }

    /** The speakers seen in this user's hits so far; empty when none were seen or they were forgotten. */
    public synchronized Set<String> of(Scope scope) {
        Set<String> known = byUser.get(key(scope));
        return known == null ? Set.of() : Set.copyOf(known);
    }

    public synchronized void saw(Scope scope, Collection<String> speakers) {
        if (speakers.isEmpty()) {
            return;
        }
        Set<String> known = byUser.computeIfAbsent(key(scope), user -> new LinkedHashSet<>());
        for (String speaker : speakers) {
            if (known.size() >= MAX_SPEAKERS_PER_USER) {
                break;
            }
            known.add(speaker);
        }
    }

    private static String key(Scope scope) {
        // Length-prefixed, so that no (project, user) pair can spell another.
        return scope.getProject().length() + ":" + scope.getProject() + scope.getUserId();
    }
}
