package dev.engram.retrieval.agent.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/** Words of a question or an evidence text, as the rule-based strategies see them. */
final class Words {

    private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}\\p{N}'’-]*");
    // Chat filler that is frequent in conversations and says nothing about what was talked about.
    private static final Set<String> FILLER = Set.of(
            "yeah",
            "yes",
            "wow",
            "oh",
            "hey",
            "hi",
            "thanks",
            "thank",
            "really",
            "just",
            "so",
            "lol",
            "cool",
            "awesome",
            "great",
            "glad",
            "sounds",
            "sure",
            "okay",
            "ok",
            "totally",
            "definitely",
            "also",
            "too",
            "much",
            "what",
            "when",
            "where",
            "who",
            "whom",
            "which",
            "why",
            "how",
            "did",
            "does",
            "do",
            "has",
            "have",
            "had",
            "been",
            "would",
            "could",
            "should",
            "can",
            "will",
            "its",
            "it's",
            "i'm",
            "you're",
            "that's",
            "i've",
            "you",
            "your",
            "me",
            "my",
            "we",
            "our",
            "us",
            "him",
            "her",
            "his",
            "she",
            "he",
            "they",
            "them",
            "their",
            "about",
            "some",
            "any",
            "all",
            "more",
            "very",
            "like",
            "love",
            "know",
            "think",
            "get",
            "got",
            "going",
            "go",
            "make",
            "made",
            "one",
            "things",
            "thing",
            "something",
            "lot",
            "good",
            "nice",
            "amazing",
            "always",
            "ever",
            "now",
            "here",
            "there",
            "was",
            "were",
            "are",
            "is",
            "am",
            "being",
            "from",
            "with",
            "into",
            "what's",
            "let",
            "lets",
            "let's",
            "see",
            "feel",
            "feels",
            "felt",
            "time",
            "times",
            "way",
            "well",
            "kind",
            "sort",
            "mean",
            "means",
            "i'll",
            "you'll",
            "can't",
            "don't",
            "didn't",
            "doesn't",
            "it'll",
            "isn't",
            "wasn't",
            "aren't");

    private Words() {}

    /** Every word in order, as written. */
    static List<String> of(String text) {
        List<String> words = new ArrayList<>();
        Matcher matcher = WORD.matcher(text);
        while (matcher.find()) {
            words.add(matcher.group());
        }
        return words;
    }

    /** Lower-cased, with a trailing possessive and a plural "s" cut, for comparing words loosely. */
    static String key(String word) {
        String key = word.toLowerCase(Locale.ROOT).replace('’', '\'');
        if (key.endsWith("'s")) {
            key = key.substring(0, key.length() - 2);
        }
        if (key.length() > 4 && key.endsWith("s") && !key.endsWith("ss")) {
            key = key.substring(0, key.length() - 1);
        }
        return key;
    }

    /** Whether the word carries content: not a stop word, not filler, not too short. */
    static boolean isContent(String word) {
        String lower = word.toLowerCase(Locale.ROOT).replace('’', '\'');
        return lower.length() >= 3
                && !EnglishAnalyzer.ENGLISH_STOP_WORDS_SET.contains(lower)
                && !FILLER.contains(lower)
                && !FILLER.contains(key(lower));
    }

    /** Whether the word is written like a name: capitalised and not the first word of the text. */
    static boolean looksLikeName(String word, int position) {
        return position > 0 && Character.isUpperCase(word.charAt(0)) && !word.equals("I");
    }
}
