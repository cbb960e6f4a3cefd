package dev.engram.retrieval.service;

import dev.engram.retrieval.model.Nucleus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the nuclei that several queries found into one list, by reciprocal rank: an episode found
 * near the top for any query comes early, one found by several queries comes earlier still, and
 * each episode appears once. Scores of different queries are never compared, only ranks.
 */
public final class NucleusFusion {

    private NucleusFusion() {}

    public static List<Nucleus> fuse(List<List<Nucleus>> rankings, int k) {
        if (rankings.size() == 1) {
            return rankings.get(0);
        }
        Map<String, Double> fused = new LinkedHashMap<>();
        Map<String, Nucleus> first = new LinkedHashMap<>();
        for (List<Nucleus> ranking : rankings) {
            for (int rank = 0; rank < ranking.size(); rank++) {
                Nucleus nucleus = ranking.get(rank);
                fused.merge(nucleus.episodeId(), 1.0 / (k + rank + 1), Double::sum);
                first.putIfAbsent(nucleus.episodeId(), nucleus);
            }
        }
        List<String> order = new ArrayList<>(fused.keySet());
        // Stable: ties keep the order of first discovery.
        order.sort(Comparator.comparingDouble((String id) -> -fused.get(id)));
        return order.stream()
                .map(id -> new Nucleus(
                        id, fused.get(id).floatValue(), first.get(id).text()))
                .toList();
    }
}
