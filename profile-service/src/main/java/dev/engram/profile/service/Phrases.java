package dev.engram.profile.service;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The normalised forms of recently compared phrases. A batch compares each command with every entry of its tag, and
 * consolidation compares every entry of a tag with every other, so the same few hundred features and values were
 * split and stemmed again for each pair; on a long load that was most of profile-service's CPU. Bounded, so that
 * it holds only what recent batches compared, whatever the number of users.
 */
final class Phrases {

    static final int CAPACITY = 4_096;

    /** A phrase as comparisons see it: its normalised text and its set of content words. */
    record Phrase(String normalised, Set<String> words) {}

    private static final Map<String, Phrase> RECENT = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Phrase> eldest) {
            return size() > CAPACITY;
        }
    };

    private Phrases() {}

    static Phrase of(String text) {
        String key = text == null ? "" : text;
        synchronized (RECENT) {
            Phrase known = RECENT.get(key);
            if (known != null) {
                return known;
            }
        }
        Phrase phrase = new Phrase(Words.normalise(key), Set.copyOf(Words.of(key)));
        synchronized (RECENT) {
            RECENT.put(key, phrase);
        }
        return phrase;
    }

    static int size() {
        synchronized (RECENT) {
            return RECENT.size();
        }
    }
}
