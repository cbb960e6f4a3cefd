package dev.engram.bench;

import dev.engram.embedding.text.SentenceSplitter;
import java.util.ArrayList;
import java.util.List;

/**
 * The texts vector-service embeds for a conversation's turns: each sentence with its speaker, and each image
 * caption. The raw embedding limits are measured on these, so that the ingest they are compared with embeds the
 * same texts.
 */
final class EmbeddingUnits {

    private static final SentenceSplitter SENTENCES = new SentenceSplitter();

    private EmbeddingUnits() {}

    static List<String> of(List<Conversation> conversations) {
        List<String> units = new ArrayList<>();
        for (Conversation conversation : conversations) {
            for (Turn turn : conversation.turns()) {
                units.addAll(of(turn));
            }
        }
        return units;
    }

    static List<String> of(Turn turn) {
        List<String> units = new ArrayList<>();
        String speaker = turn.speaker().isEmpty() ? "" : turn.speaker() + ": ";
        for (String sentence : SENTENCES.split(turn.text())) {
            units.add(speaker + sentence);
        }
        if (turn.imageCaption() != null && !turn.imageCaption().isBlank()) {
            units.add((turn.speaker().isEmpty() ? "An image: " : turn.speaker() + " shared an image: ")
                    + turn.imageCaption().trim());
        }
        return units;
    }
}
