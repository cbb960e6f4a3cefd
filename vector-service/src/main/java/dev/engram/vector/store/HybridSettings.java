package dev.engram.vector.store;

/**
 * How the dense and BM25 rankings are combined.
 *
 * @param candidates hits each retriever contributes to fusion (at least the requested limit)
 * @param rrfK the constant k of reciprocal-rank fusion
 * @param unitsPerEpisode units the dense retriever fetches per candidate episode, since several units
 *     of one episode often match together
 * @param exactBelow a dense search whose filter matches at most this many units compares the query with each of
 *     them instead of walking the vector graph; 0 always walks the graph
 */
public record HybridSettings(int candidates, int rrfK, int unitsPerEpisode, int exactBelow) {

    /** Settings that always walk the vector graph. */
    public HybridSettings(int candidates, int rrfK, int unitsPerEpisode) {
        this(candidates, rrfK, unitsPerEpisode, 0);
    }

    public HybridSettings {
        if (candidates < 1) {
            throw new IllegalArgumentException("candidates must be positive, was " + candidates);
        }
        if (unitsPerEpisode < 1) {
            throw new IllegalArgumentException("unitsPerEpisode must be positive, was " + unitsPerEpisode);
        }
        if (exactBelow < 0) {
            throw new IllegalArgumentException("exactBelow must not be negative, was " + exactBelow);
        }
        if (rrfK < 0) {
            throw new IllegalArgumentException("rrfK must not be negative, was " + rrfK);
        }
    }
}
