package dev.engram.bench;

import java.util.List;

/**
 * A LoCoMo question, or a LongMemEval one as the retrievers take it.
 *
 * @param sampleId the conversation it is asked about, and so the only memory it may be answered from
 * @param text the question
 * @param category 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop (5 adversarial, asked for the relevance
 *     measurement only)
 * @param evidence the normalized ids of the turns that answer it, never empty for a scored question; empty for
 *     a question asked only for the relevance measurement, which should find nothing relevant
 */
public record Question(String sampleId, String text, int category, List<String> evidence) {

    public Question {
        evidence = List.copyOf(evidence);
    }
}
