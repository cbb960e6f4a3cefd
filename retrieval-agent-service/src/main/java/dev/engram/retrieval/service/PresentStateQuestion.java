package dev.engram.retrieval.service;

import dev.engram.retrieval.rerank.TimeExpressions;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * Whether a question asks how things stand now rather than how they once were: "Where does Dana live now?",
 * "What is his current job?", "Is she still nursing?", "Which lens did I buy most recently?". It takes an explicit
 * marker of the present or of the latest state; the present tense alone is not enough, since "What is Caroline's
 * identity?" asks about everything she said, not her last word on it (measured: ordering such questions newest
 * first cost LoCoMo's dev questions 4 to 10 points of recall@10). A question that names its own period ("in July
 * 2023") asks about that period, not about now.
 */
final class PresentStateQuestion {

    private static final Pattern WORD = Pattern.compile("[\\p{L}']+");
    private static final Set<String> PRESENT_MARKERS =
            Set.of("now", "currently", "current", "still", "latest", "anymore", "nowadays", "presently");
    private static final List<String> PRESENT_PHRASES =
            List.of("most recent", "these days", "at the moment", "so far", "right now", "any more");

    private PresentStateQuestion() {}

    static boolean asks(String question) {
        String text = question.toLowerCase(Locale.ROOT).replace('’', '\'');
        boolean marked = WORD.matcher(text).results().map(MatchResult::group).anyMatch(PRESENT_MARKERS::contains)
                || PRESENT_PHRASES.stream().anyMatch(text::contains);
        return marked && !TimeExpressions.namesAPeriod(question);
    }
}
