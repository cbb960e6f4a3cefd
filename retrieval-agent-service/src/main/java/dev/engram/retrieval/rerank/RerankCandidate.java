package dev.engram.retrieval.rerank;

import dev.engram.retrieval.model.EpisodeCluster;

/**
 * A cluster offered for reranking.
 *
 * @param cluster the nucleus with its neighbours
 * @param text the cluster as one passage, one {@code Producer: content} line per episode
 * @param retrievalRank position of the cluster's nucleus in the nucleus search, 0 = best
 */
public record RerankCandidate(EpisodeCluster cluster, String text, int retrievalRank) {}
