package dev.engram.vector.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the JSON an LLM was asked to answer with, leniently: models wrap it in prose or a code fence, so the
 * outermost object is taken from wherever it starts to wherever it ends.
 */
public final class LlmJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LlmJson() {}

    /**
     * The list named {@code field} of the answer's JSON object.
     *
     * @throws IllegalArgumentException when the answer holds no JSON object, or no such list
     */
    public static JsonNode list(String answer, String field) {
        int start = answer.indexOf('{');
        int end = answer.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("the answer holds no JSON object");
        }
        JsonNode list;
        try {
            list = JSON.readTree(answer.substring(start, end + 1)).path(field);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the answer is not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (!list.isArray()) {
            throw new IllegalArgumentException("the answer has no \"" + field + "\" list");
        }
        return list;
    }
}
