package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.model.EpisodeCluster;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reorders ranked clusters so that the best cluster of every session comes before any session's
 * second best, then the second bests, and so on, each group in rank order. Evidence for a question
 * that gathers facts told on different days (what someone has read, where they have camped) is
 * spread over sessions; without this, the best-matching session fills the first places with
 * near-duplicates of one fact.
 */
public final class SessionSpread {

    private SessionSpread() {}

    public static List<EpisodeCluster> spread(List<EpisodeCluster> ranked) {
        Map<String, Integer> seen = new HashMap<>();
        List<int[]> keyed = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            int earlier = seen.merge(session(ranked.get(i)), 1, Integer::sum) - 1;
            keyed.add(new int[] {earlier, i});
        }
        keyed.sort(Comparator.<int[]>comparingInt(key -> key[0]).thenComparingInt(key -> key[1]));
        return keyed.stream().map(key -> ranked.get(key[1])).toList();
    }

    private static String session(EpisodeCluster cluster) {
        return cluster.episodes().stream()
                .filter(episode -> episode.getId().equals(cluster.nucleusId()))
                .findFirst()
                .or(() -> cluster.episodes().stream().findFirst())
                .map(Episode::getScope)
                .map(scope -> scope.getSessionId())
                .orElse("");
    }
}
