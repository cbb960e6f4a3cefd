package dev.engram.vector.reconstruct;

import dev.engram.vector.facts.Keywords;
import java.util.LinkedHashSet;
import java.util.Set;

/** The words of a question that can be cues or name a relation, stemmed as the facts' keywords are. */
public final class QuestionWords {

    /** What makes a sentence a question says nothing about what it asks for. */
    private static final Set<String> INTERROGATIVE = Set.of(
            "what", "when", "where", "who", "whom", "whose", "which", "why", "how", "did", "does", "do", "has", "have",
            "had", "ever", "would", "could", "should", "can", "much", "many", "kind", "type", "any", "some", "was",
            "were", "is", "are");

    private QuestionWords() {}

    public static Set<String> of(String question) {
        return new LinkedHashSet<>(Keywords.of(question, INTERROGATIVE));
    }
}
