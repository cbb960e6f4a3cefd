package dev.engram.retrieval.model;

/**
 * Which episodes within a nucleus's neighbourhood join its cluster. A neighbour that the search hit
 * itself is about the query; one that it did not hit is context the caller pays for in every read.
 */
public enum NeighbourPolicy {
    /** Only neighbours that are among the search's own hits. */
    MATCHING,
    /** Every neighbour within {@code before} and {@code after}. */
    ALL,
    /**
     * The neighbours within {@code before} and {@code after} that share the nucleus's segment in its session's
     * segment tree ({@code expand_context.by: segment}): the nucleus widened to its topic.
     */
    SEGMENT
}
