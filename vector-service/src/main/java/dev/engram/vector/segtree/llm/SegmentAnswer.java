package dev.engram.vector.segtree.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vector.llm.LlmJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The segment summaries an LLM answered: each entry is taken or rejected on its own (an unknown or repeated
 * segment, an empty or overlong summary), so one malformed entry costs only itself. An answer with no summary
 * list at all is not an answer.
 *
 * @param summaries segment id -> summary, for the segments asked about
 * @param rejected entries that were not usable
 */
public record SegmentAnswer(Map<String, String> summaries, int rejected) {

    /** Longer than any one or two sentences: such an answer is not a summary. */
    static final int MAX_CHARS = 1000;

    /**
     * The summaries in {@code answer} of the segments in {@code asked}.
     *
     * @throws IllegalArgumentException when it holds no JSON object with a {@code summaries} list
     */
    public static SegmentAnswer parse(String answer, Set<String> asked) {
        JsonNode entries = LlmJson.list(answer, "summaries");
        Map<String, String> summaries = new LinkedHashMap<>();
        int rejected = 0;
        for (JsonNode entry : entries) {
            String segment = entry.path("segment").asText("").strip();
            String summary = entry.path("summary").asText("").strip();
            if (asked.contains(segment)
                    && !summaries.containsKey(segment)
                    && !summary.isEmpty()
                    && summary.length() <= MAX_CHARS) {
                summaries.put(segment, summary);
            } else {
                rejected++;
            }
        }
        return new SegmentAnswer(Map.copyOf(summaries), rejected);
    }
}
