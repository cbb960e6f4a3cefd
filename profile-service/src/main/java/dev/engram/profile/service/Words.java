package dev.engram.profile.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of an entry or a query, normalised so that "Hiking", "hikes" and "hiked" meet: lower
 * case, function words dropped, a light suffix stemmer. Crude on purpose: it only has to bring
 * together the few hundred short phrases of one profile, and it costs nothing.
 */
public final class Words {

    private static final Pattern SPLIT = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Set<String> STOP = Set.of(
            "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "by", "from", "about", "is",
            "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "has", "have", "had", "it", "its",
            "this", "that", "these", "those", "my", "your", "his", "her", "their", "our", "i", "me", "you", "he", "she",
            "they", "we", "what", "which", "who", "whom", "when", "where", "why", "how", "s", "t", "so", "very",
            "really", "just", "some", "any", "all", "as", "into", "than", "then", "there", "would", "could", "should",
            "will", "can", "not", "no", "yes", "up", "out", "if", "also");

    private Words() {}

    /** The normalised content words of {@code text}, in order, repeats kept. */
    public static List<String> of(String text) {
        List<String> words = new ArrayList<>();
        if (text == null) {
            return words;
        }
        for (String raw : SPLIT.split(text.toLowerCase(Locale.ROOT))) {
            if (!raw.isEmpty() && !STOP.contains(raw)) {
                words.add(stem(raw));
            }
        }
        return words;
    }

    /** Lower case, single spaces, no surrounding punctuation: the form exact duplicates are compared in. */
    public static String normalise(String text) {
        return text == null
                ? ""
                : String.join(" ", SPLIT.split(text.toLowerCase(Locale.ROOT).strip()))
                        .strip();
    }

    static String stem(String word) {
        if (word.length() <= 4) {
            return word.endsWith("s") && word.length() > 3 && !word.endsWith("ss") ? word.substring(0, 3) : word;
        }
        for (String suffix : new String[] {"ing", "ies", "ied", "ed", "es", "ly", "s"}) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 3) {
                String stem = word.substring(0, word.length() - suffix.length());
                // hiking -> hik, hikes -> hik, hiked -> hik: drop the e that the suffix replaced
                return stem.endsWith("e") ? stem.substring(0, stem.length() - 1) : stem;
            }
        }
        return word.endsWith("e") ? word.substring(0, word.length() - 1) : word;
    }
}
