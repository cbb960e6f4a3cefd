package dev.engram.vector.segtree;

import java.util.List;

/**
 * What the LLM said a segment of a session is about: an inner node of the session's tree, named by the run of
 * episodes it covered when it was written. Indexed apart from the units (dense and BM25), so that a question
 * about a topic can hit the node directly; deleting any episode it covers takes it along.
 *
 * @param episodeIds the episodes covered, in the order said
 * @param vector the embedding of {@code text}; null when read back without it
 */
public record SegmentSummary(
        String project, String userId, String sessionId, List<String> episodeIds, String text, float[] vector) {

    public SegmentSummary {
        episodeIds = List.copyOf(episodeIds);
        if (episodeIds.isEmpty()) {
            throw new IllegalArgumentException("a summary covers at least one episode");
        }
    }

    /** The summary's id within its user: its session and the first and last episode it covers. */
    public String id() {
        return idOf(sessionId, episodeIds);
    }

    public static String idOf(String sessionId, List<String> episodeIds) {
        return sessionId + "#segment:" + episodeIds.get(0) + ".." + episodeIds.get(episodeIds.size() - 1) + ":"
                + episodeIds.size();
    }
}
