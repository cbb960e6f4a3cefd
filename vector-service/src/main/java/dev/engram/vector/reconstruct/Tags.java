package dev.engram.vector.reconstruct;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.Keywords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relation a fact states about its subject, as a short label written by rules: the stem of the word that
 * follows the subject (auxiliaries and adverbs skipped), with the preposition or particle after it when there is
 * one. "Maya adopted a beagle" is {@code adopt}, "Leo moved to Porto" is {@code move to}, "Ana works at a
 * bakery" is {@code work at}. A fact whose subject is none of its people has no tag.
 */
public final class Tags {

    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}'-]*");

    /** Words between a subject and what it did that say nothing of the relation. */
    private static final Set<String> SKIPPED = Set.of(
            "has",
            "have",
            "had",
            "is",
            "was",
            "were",
            "are",
            "am",
            "be",
            "been",
            "being",
            "will",
            "would",
            "shall",
            "should",
            "can",
            "could",
            "may",
            "might",
            "must",
            "did",
            "does",
            "do",
            "just",
            "recently",
            "finally",
            "also",
            "really",
            "still",
            "already",
            "never",
            "always",
            "often",
            "usually",
            "actually",
            "now",
            "even",
            "then",
            "not",
            "only",
            "soon",
            "once",
            "again",
            "'s",
            "'ve",
            "'d",
            "'ll");

    private static final Set<String> PARTICLES = Set.of(
            "to", "in", "at", "for", "with", "on", "from", "up", "out", "off", "into", "about", "as", "by", "over",
            "back", "away", "down", "onto", "through");

    private Tags() {}

    /** The fact's tag; empty when its subject is none of its people or nothing follows it. */
    public static String of(Fact fact) {
        List<String> words = words(fact.text());
        for (int i = 0; i < words.size(); i++) {
            if (!isParticipant(words.get(i), fact.participants())) {
                continue;
            }
            int predicate = i + 1;
            while (predicate < words.size() && SKIPPED.contains(words.get(predicate))) {
                predicate++;
            }
            if (predicate >= words.size() || isParticipant(words.get(predicate), fact.participants())) {
                return "";
            }
            String lemma = Keywords.stem(words.get(predicate));
            if (lemma.isEmpty()) {
                return "";
            }
            boolean particle = predicate + 1 < words.size() && PARTICLES.contains(words.get(predicate + 1));
            return particle ? lemma + " " + words.get(predicate + 1) : lemma;
        }
        return "";
    }

    /** The stem a tag's relation is matched by: its first word. */
    public static String lemma(String tag) {
        int space = tag.indexOf(' ');
        return space < 0 ? tag : tag.substring(0, space);
    }

    private static boolean isParticipant(String word, List<String> participants) {
        for (String person : participants) {
            String first = person.strip().split("\\s+")[0].toLowerCase(Locale.ROOT);
            if (word.equals(first) || word.equals(first + "'s")) {
                return true;
            }
        }
        return false;
    }

    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher matcher = WORD.matcher(text.toLowerCase(Locale.ROOT).replace('’', '\''));
        while (matcher.find()) {
            words.add(matcher.group());
        }
        return words;
    }
}
