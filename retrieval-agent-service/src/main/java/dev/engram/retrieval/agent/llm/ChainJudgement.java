package dev.engram.retrieval.agent.llm;

import java.util.List;

/**
 * The LLM's verdict on one round of a chain: whether the evidence answers the question, which of it
 * is useful (1-based numbers as shown in the prompt), the next query, and how sure it is.
 */
public record ChainJudgement(boolean sufficient, List<Integer> evidenceIndices, String newQuery, double confidence) {

    public ChainJudgement {
        evidenceIndices = List.copyOf(evidenceIndices);
        newQuery = newQuery == null ? "" : newQuery.strip();
    }
}
