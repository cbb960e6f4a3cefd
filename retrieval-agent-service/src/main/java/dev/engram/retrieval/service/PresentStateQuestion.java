package dev.engram.retrieval.service;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a question asks how things stand now rather than how they once were: "Where does Dana live now?",
 * "What is his current job?", "Is she still nursing?", "Which lens did I buy most recently?". Read from the
 * grammar of the question, not from its topic: an explicit marker of the present or of the latest state decides
 * first; else a marker of the past ("did", "was", "initially", "ago", "when") says no; else a question in the
 * present tense ("do", "does", "is", "are", "have") asks about the present.
 */
final class PresentStateQuestion {

    private static final Pattern WORD = Pattern.compile("[\\p{L}']+");
    private static final Set<String> PRESENT_MARKERS =
            Set.of("now", "currently", "current", "still", "latest", "anymore", "nowadays", "presently");
    private static final List<String> PRESENT_PHRASES =
            List.of("most recent", "these days", "at the moment", "so far", "right now", "any more");
    private static final Set<String> PAST_MARKERS = Set.of(
            "did",
            "was",
            "were",
            "had",
            "initially",
            "originally",
            "first",
            "previously",
            "formerly",
            "ago",
            "used",
            "before",
            "when",
            "last");
    private static final Set<String> PRESENT_TENSE =
            Set.of("do", "does", "is", "are", "am", "have", "has", "what's", "where's", "who's");

    private PresentStateQuestion() {}

    static boolean asks(String question) {
        String text = question.toLowerCase(Locale.ROOT).replace('’', '\'');
        List<String> words = WORD.matcher(text).results().map(m -> m.group()).toList();
        if (words.stream().anyMatch(PRESENT_MARKERS::contains)
                || PRESENT_PHRASES.stream().anyMatch(text::contains)) {
            return true;
        }
        if (words.stream().anyMatch(PAST_MARKERS::contains)) {
            return false;
        }
        return words.stream().anyMatch(PRESENT_TENSE::contains);
    }
}
