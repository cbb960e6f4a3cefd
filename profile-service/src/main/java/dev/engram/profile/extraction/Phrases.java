package dev.engram.profile.extraction;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Turns the tail of a matched sentence into a short value: the phrase up to the clause's end. */
final class Phrases {

    private static final Pattern BOUNDARY = Pattern.compile(
            "\\s*(?:[,;:()]| - | – |\\babout (?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d+)\\b|"
                    + "\\b(?:because|since|cause|'cause|but|and it|and i|and i'm|so|which|while|when|"
                    + "as|though|although|until|after|before|lately|recently|now|today|yesterday|these days|"
                    + "right now|at the moment|too|a lot|so much|very much|more than|like|such as|once a|last)\\b).*",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> TRAILING =
            Set.of("a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "my", "our", "some");
    private static final Set<String> VERBS =
            Set.of("put", "make", "get", "help", "give", "take", "have", "do", "go", "see", "be", "share", "show");
    private static final Set<String> ADJECTIVES =
            Set.of("loving", "caring", "amazing", "interesting", "exciting", "inspiring", "relaxing", "welcoming");
    private static final Set<String> VAGUE = Set.of(
            "it",
            "that",
            "this",
            "them",
            "those",
            "these",
            "you",
            "him",
            "her",
            "how",
            "what",
            "when",
            "where",
            "why",
            "who",
            "something",
            "anything",
            "everything",
            "things",
            "stuff",
            "doing",
            "having",
            "getting",
            "being",
            "seeing",
            "hearing",
            "knowing",
            "thinking",
            "talking",
            "chatting",
            "catching",
            "reading it");

    private Phrases() {}

    /** At most {@code maxWords} words of {@code tail} up to a clause boundary; empty when nothing specific is left. */
    static Optional<String> clip(String tail, int maxWords) {
        String clause = BOUNDARY.matcher(tail).replaceFirst("").strip();
        String[] words = clause.split("\\s+");
        int end = Math.min(words.length, maxWords);
        if (end < words.length) {
            // Cut short inside a second clause ("helping people and making ..."): keep the first.
            for (int i = end - 2; i > 0; i--) {
                String word = words[i].toLowerCase(Locale.ROOT);
                String next = words[i + 1].toLowerCase(Locale.ROOT);
                if ((word.equals("and") || word.equals("or"))
                        && (next.endsWith("ing") && !ADJECTIVES.contains(next) || VERBS.contains(next))) {
                    end = i;
                    break;
                }
            }
        }
        while (end > 0 && TRAILING.contains(words[end - 1].toLowerCase(Locale.ROOT))) {
            end--;
        }
        if (end == 0) {
            return Optional.empty();
        }
        int start = words[0].equalsIgnoreCase("both") || words[0].equalsIgnoreCase("all") ? 1 : 0;
        if (start >= end) {
            return Optional.empty();
        }
        String phrase = String.join(" ", Arrays.copyOfRange(words, start, end)).replaceAll("[.!?,']+$", "");
        String first = words[start].toLowerCase(Locale.ROOT);
        if (phrase.isBlank() || VAGUE.contains(first) || VAGUE.contains(phrase.toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        return Optional.of(phrase);
    }
}
