package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.Nucleus;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns nuclei and their neighbourhoods into clusters: overlapping neighbourhoods become one
 * cluster, so the caller never reads the same episode twice.
 */
@ApplicationScoped
public class ClusterBuilder {

    /** Session order: timestamp, then arrival; the id only keeps the order total. */
    static final Comparator<Episode> SESSION_ORDER = Comparator.<Episode>comparingLong(
                    e -> e.getTimestamp().getSeconds())
            .thenComparingInt(e -> e.getTimestamp().getNanos())
            .thenComparingLong(Episode::getSequence)
            .thenComparing(Episode::getId);

    private static final Comparator<Draft> RELEVANCE =
            Comparator.comparingDouble((Draft d) -> -d.score).thenComparingInt(d -> d.firstAppearance);

    private static final Comparator<Draft> LEADERSHIP =
            Comparator.comparingDouble((Draft d) -> -d.score).thenComparingInt(d -> d.nucleusPosition);

    /**
     * Clusters best first (ties by the position of their first nucleus), at most {@code topK}.
     * Nuclei are taken best first until {@code topK} clusters exist, so lower-ranked nuclei
     * never grow the clusters of better ones into whole sessions. A nucleus already inside a
     * cluster adds nothing; nuclei without a neighbourhood (episodes deleted since they were
     * indexed) are dropped.
     */
    public List<EpisodeCluster> build(List<Nucleus> nuclei, List<EpisodeContext> contexts, int topK) {
        Map<String, EpisodeContext> contextById = new HashMap<>();
        contexts.forEach(context -> contextById.putIfAbsent(context.getEpisodeId(), context));

        List<Nucleus> ranked = nuclei.stream()
                .sorted(Comparator.comparingDouble((Nucleus n) -> -n.score()))
                .toList();
        List<Draft> drafts = new ArrayList<>();
        for (int position = 0; position < ranked.size() && drafts.size() < topK; position++) {
            Nucleus nucleus = ranked.get(position);
            EpisodeContext context = contextById.get(nucleus.episodeId());
            if (context != null && drafts.stream().noneMatch(d -> d.contains(nucleus.episodeId()))) {
                absorb(drafts, new Draft(nucleus, position, context.getEpisodesList()));
            }
        }
        return drafts.stream().sorted(RELEVANCE).map(Draft::toCluster).toList();
    }

    /** Adds a draft, merging it with every draft it shares an episode with (transitively). */
    private static void absorb(List<Draft> drafts, Draft incoming) {
        Draft merged = incoming;
        for (var it = drafts.iterator(); it.hasNext(); ) {
            Draft existing = it.next();
            if (existing.overlaps(merged)) {
                merged = existing.mergedWith(merged);
                it.remove();
            }
        }
        drafts.add(merged);
    }

    private static final class Draft {
        private final String nucleusId;
        private final float score;
        private final int nucleusPosition;
        private final int firstAppearance;
        private final Map<String, Episode> episodes = new LinkedHashMap<>();

        Draft(Nucleus nucleus, int position, List<Episode> episodes) {
            this(nucleus.episodeId(), nucleus.score(), position, position);
            episodes.forEach(episode -> this.episodes.putIfAbsent(episode.getId(), episode));
        }

        private Draft(String nucleusId, float score, int nucleusPosition, int firstAppearance) {
            this.nucleusId = nucleusId;
            this.score = score;
            this.nucleusPosition = nucleusPosition;
            this.firstAppearance = firstAppearance;
        }

        boolean contains(String episodeId) {
            return episodes.containsKey(episodeId);
        }

        boolean overlaps(Draft other) {
            return other.episodes.keySet().stream().anyMatch(episodes::containsKey);
        }

        /** The better nucleus leads the merged cluster; on equal scores the earlier one does. */
        Draft mergedWith(Draft other) {
            Draft leader = LEADERSHIP.compare(this, other) <= 0 ? this : other;
            Draft merged = new Draft(
                    leader.nucleusId,
                    leader.score,
                    leader.nucleusPosition,
                    Math.min(firstAppearance, other.firstAppearance));
            merged.episodes.putAll(episodes);
            other.episodes.forEach(merged.episodes::putIfAbsent);
            return merged;
        }

        EpisodeCluster toCluster() {
            return new EpisodeCluster(
                    nucleusId,
                    score,
                    episodes.values().stream().sorted(SESSION_ORDER).toList());
        }
    }
}
