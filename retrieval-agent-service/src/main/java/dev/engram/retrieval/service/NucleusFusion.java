package dev.engram.retrieval.service;

import dev.engram.ranking.ReciprocalRankFusion;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import dev.engram.retrieval.model.Nucleus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the nuclei that several queries found into one list, by reciprocal rank: an episode found
 * near the top for any query comes early, one found by several queries comes earlier still, and
 * each episode appears once, with the text of the query that found it first. Scores of different
 * queries are never compared, only ranks; ties go to the earlier query's find.
 */
public final class NucleusFusion {

    /** The customary constant of reciprocal rank fusion, with which every strategy's rankings are merged. */
    public static final int K = 60;

    private NucleusFusion() {}

    /** The rankings merged with {@link #K}. */
    public static List<Nucleus> fuse(List<List<Nucleus>> rankings) {
        return fuse(rankings, K);
    }

    public static List<Nucleus> fuse(List<List<Nucleus>> rankings, int k) {
        if (rankings.size() == 1) {
            return rankings.get(0);
        }
        Map<String, String> firstTexts = new HashMap<>();
        List<Ranking<String>> byEpisode = new ArrayList<>(rankings.size());
        for (List<Nucleus> ranking : rankings) {
            ranking.forEach(nucleus -> firstTexts.putIfAbsent(nucleus.episodeId(), nucleus.text()));
            byEpisode.add(Ranking.of(ranking.stream().map(Nucleus::episodeId).toList()));
        }
        return ReciprocalRankFusion.fuse(k, byEpisode).stream()
                .map(fused -> new Nucleus(fused.item(), (float) fused.score(), firstTexts.get(fused.item())))
                .toList();
    }
}
