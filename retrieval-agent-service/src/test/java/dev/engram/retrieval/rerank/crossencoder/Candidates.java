package dev.engram.retrieval.rerank.crossencoder;

import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.rerank.RerankCandidate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Rerank candidates as the rerank stage offers them, one {@code Producer: content} line per turn. */
final class Candidates {

    private Candidates() {}

    /** Single-turn clusters, in retrieval order. */
    static List<RerankCandidate> of(String... turns) {
        List<RerankCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < turns.length; i++) {
            candidates.add(cluster(i, "e" + i, List.of(turns[i])));
        }
        return candidates;
    }

    /** A cluster of turns whose nucleus is the turn with the given id ({@code e0}, {@code e1}, ...). */
    static RerankCandidate cluster(int retrievalRank, String nucleusId, List<String> turns) {
        List<Episode> episodes = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            String[] turn = turns.get(i).split(": ", 2);
            episodes.add(Episode.newBuilder()
                    .setId(turns.size() == 1 ? nucleusId : "e" + i)
                    .setProducer(turn[0])
                    .setContent(turn[1])
                    .build());
        }
        String text = episodes.stream()
                .map(e -> e.getProducer() + ": " + e.getContent())
                .collect(Collectors.joining("\n"));
        return new RerankCandidate(new EpisodeCluster(nucleusId, 0f, episodes), text, retrievalRank);
    }
}
