package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.config.RetrievalConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Whether a matching neighbour is short enough to join its nucleus: at most {@code neighbour-length-ratio} times
 * the nucleus's estimated tokens, counting a nucleus as at least {@value #MIN_NUCLEUS_TOKENS} tokens (a short
 * sentence), so that "Yes, last week!" still gets the question it answers.
 */
@ApplicationScoped
public class NeighbourLength {

    static final int MIN_NUCLEUS_TOKENS = 16;

    private final double ratio;

    @Inject
    public NeighbourLength(RetrievalConfig config) {
        this(config.neighbourLengthRatio());
    }

    NeighbourLength(double ratio) {
        if (ratio < 0) {
            throw new IllegalArgumentException("engram.retrieval.neighbour-length-ratio must not be negative");
        }
        this.ratio = ratio;
    }

    public boolean fits(Episode neighbour, Episode nucleus) {
        if (ratio == 0) {
            return true;
        }
        int allowed = Math.max(MIN_NUCLEUS_TOKENS, TokenEstimate.of(nucleus.getContent()));
        return TokenEstimate.of(neighbour.getContent()) <= ratio * allowed;
    }
}
