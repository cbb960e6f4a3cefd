package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Keeps each subject's tags small after a batch: current extracted entries of one subject and tag
 * that turned out near-duplicates of each other are merged into the oldest (evidence united, the
 * others retired), and beyond {@code maxPerTag} the least supported entries (fewest evidence, lowest
 * confidence, oldest) are retired. Retired entries stay in the history; manual entries are left alone.
 */
final class Consolidation {

    private Consolidation() {}

    /** Emits how many entries were retired. */
    static int run(List<ProfileEntry> entries, double threshold, int maxPerTag) {
        Instant now = Instant.now();
        Map<String, List<ProfileEntry>> byTag = entries.stream()
                .filter(e -> e.validTo == null && e.retiredAt == null && e.source != ProfileSource.MANUAL)
                .collect(Collectors.groupingBy(e -> e.subject.toLowerCase() + "\u0000" + e.tag));
        int retired = 0;
        for (List<ProfileEntry> group : byTag.values()) {
            List<ProfileEntry> live = new ArrayList<>(group);
            live.sort(Comparator.comparing((ProfileEntry e) -> e.validFrom).thenComparing(e -> e.recordedAt));
            retired += mergeNearDuplicates(live, threshold, now);
            retired += trim(live, maxPerTag, now);
        }
        return retired;
    }

    private static int mergeNearDuplicates(List<ProfileEntry> live, double threshold, Instant now) {
        int retired = 0;
        for (int i = 0; i < live.size(); i++) {
            ProfileEntry keeper = live.get(i);
            for (int j = live.size() - 1; j > i; j--) {
                ProfileEntry other = live.get(j);
                if (Similarity.nearDuplicate(keeper, other.feature, other.value, threshold)) {
                    keeper.evidence = ProfileChanges.union(keeper.evidence, List.of(other.evidence));
                    keeper.confidence = Math.max(keeper.confidence, other.confidence);
                    other.retiredAt = now;
                    live.remove(j);
                    retired++;
                }
            }
        }
        return retired;
    }

    private static int trim(List<ProfileEntry> live, int maxPerTag, Instant now) {
        if (live.size() <= maxPerTag) {
            return 0;
        }
        List<ProfileEntry> weakestFirst = new ArrayList<>(live);
        weakestFirst.sort(Comparator.comparingInt((ProfileEntry e) -> e.evidence.length)
                .thenComparingDouble(e -> e.confidence)
                .thenComparing(e -> e.validFrom));
        int excess = live.size() - maxPerTag;
        weakestFirst.subList(0, excess).forEach(e -> e.retiredAt = now);
        return excess;
    }
}
