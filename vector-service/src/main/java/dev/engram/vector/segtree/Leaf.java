package dev.engram.vector.segtree;

import java.time.Instant;
import java.util.Comparator;

/**
 * An episode as a leaf of its session's tree: when it was said and its embedding (the mean of its sentences').
 *
 * @param timestamp null when unknown; such an episode sorts before every dated one of its session
 */
public record Leaf(String episodeId, String sessionId, Instant timestamp, float[] vector) {

    /** The order of a session: by time, then by id, so that equal times still give one order. */
    public static final Comparator<Leaf> SAID_ORDER = Comparator.comparing(
                    Leaf::timestamp, Comparator.nullsFirst(Comparator.<Instant>naturalOrder()))
            .thenComparing(Leaf::episodeId);

    /** An arbitrary order that stays the same from run to run and ignores time (for ablations). */
    public static final Comparator<Leaf> SHUFFLED =
            Comparator.comparingInt((Leaf leaf) -> scramble(leaf.episodeId())).thenComparing(Leaf::episodeId);

    private static int scramble(String id) {
        int h = id.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
