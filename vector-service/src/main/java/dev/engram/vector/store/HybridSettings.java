package dev.engram.vector.store;

/**
 * How the dense and BM25 rankings are combined.
 *
 * @param candidates hits each retriever contributes to fusion (at least the requested limit)
 * @param rrfK the constant k of reciprocal-rank fusion
 * @param unitsPerEpisode units the dense retriever fetches per candidate episode, since several units
 *     of one episode often match together
 */
public record HybridSettings(int candidates, int rrfK, int unitsPerEpisode) {

    public HybridSettings {
        if (candidates < 1) {
            throw new IllegalArgumentException("candidates must be positive, was " + candidates);
        }
        if (unitsPerEpisode < 1) {
            throw new IllegalArgumentException("unitsPerEpisode must be positive, was " + unitsPerEpisode);
        }
        if (rrfK < 0) {
            throw new IllegalArgumentException("rrfK must not be negative, was " + rrfK);
        }
    }
}
