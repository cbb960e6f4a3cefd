package dev.engram.bench;

import java.util.List;

/**
 * A scored LoCoMo question.
 *
 * @param sampleId the conversation it is asked about, and so the only memory it may be answered from
 * @param text the question
 * @param category 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop
 * @param evidence the normalized ids of the turns that answer it, never empty
 */
public record Question(String sampleId, String text, int category, List<String> evidence) {

    public Question {
        evidence = List.copyOf(evidence);
    }
}
