package dev.engram.retrieval.model;

import dev.engram.proto.v1.Episode;
import java.util.List;

/**
 * A nucleus with its neighbours from the same session, in session order. Episodes stay in their
 * wire form so that content and metadata reach the caller exactly as they were stored.
 */
public record EpisodeCluster(String nucleusId, float score, List<Episode> episodes, Relevance relevance) {

    /**
     * How close the cluster comes to the question by meaning ({@code similarity}, cosine mapped to [0, 1]) and
     * what that means across queries ({@code relevance}, calibrated to [0, 1]).
     */
    public record Relevance(float similarity, float relevance) {
        public static final Relevance UNSCORED = new Relevance(0f, 0f);
    }

    public EpisodeCluster {
        episodes = List.copyOf(episodes);
    }

    /** A cluster not yet scored for relevance. */
    public EpisodeCluster(String nucleusId, float score, List<Episode> episodes) {
        this(nucleusId, score, episodes, Relevance.UNSCORED);
    }

    public EpisodeCluster withRelevance(Relevance scored) {
        return new EpisodeCluster(nucleusId, score, episodes, scored);
    }
}
