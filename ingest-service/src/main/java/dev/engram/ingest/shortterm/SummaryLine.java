package dev.engram.ingest.shortterm;

import java.util.Arrays;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One line of an extractive summary: a label ({@code [day] speaker: }) and the gist of what was said. Lines are
 * read back from the stored summary text at every round, so that a summary keeps no state beside its text.
 *
 * @param label the day and the speaker, with the separator; empty for a line that has none
 * @param gist what was said
 */
record SummaryLine(String label, String gist) {

    private static final Pattern LABELLED = Pattern.compile("(\\[[^\\]]*] [^:]{1,80}: )(.*)");

    static SummaryLine parse(String line) {
        Matcher matcher = LABELLED.matcher(line);
        return matcher.matches() ? new SummaryLine(matcher.group(1), matcher.group(2)) : new SummaryLine("", line);
    }

    String text() {
        return label + gist;
    }

    /** How much the line tells: the score of its gist, as a sentence is scored. */
    int score() {
        return Gist.score(gist);
    }

    Set<String> contentWords() {
        return Gist.contentWords(gist);
    }

    /** The tokens of the gist that hold a digit: dates, amounts, counts, versions. */
    Set<String> numbers() {
        return Arrays.stream(gist.split("[^\\p{L}\\p{N}:./-]+"))
                .filter(token -> token.chars().anyMatch(Character::isDigit))
                .collect(Collectors.toSet());
    }
}
