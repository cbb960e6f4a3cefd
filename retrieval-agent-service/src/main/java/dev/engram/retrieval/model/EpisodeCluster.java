package dev.engram.retrieval.model;

import dev.engram.proto.v1.Episode;
import java.util.List;

/**
 * A nucleus with its neighbours from the same session, in session order. Episodes stay in their
 * wire form so that content and metadata reach the caller exactly as they were stored.
 */
public record EpisodeCluster(String nucleusId, float score, List<Episode> episodes) {

    public EpisodeCluster {
        episodes = List.copyOf(episodes);
    }
}
