package dev.engram.ingest.shortterm;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The most informative sentences of a message, without an LLM. A sentence scores by its distinct
 * content words, with extra weight for numbers and capitalized words (dates, amounts, names are what
 * a summary must not lose) and for a statement in the first person ("I'm allergic to shellfish" is what
 * a memory is for); a question scores half, since it asks for a fact rather than giving one. Ties go to the
 * earlier sentence. The best sentence is always taken; when it is short, the next best join it as long as they
 * score at least half as well (and above 0). A sentence said twice counts once. Chosen sentences keep their order.
 */
final class Gist {

    /** Enough to carry one fact; shorter best sentences are joined by the next best. */
    static final int MIN_CHARS = 100;
    /** What a first-person statement adds to its score: as much as one number or two names. */
    static final int FIRST_PERSON_WEIGHT = 2;

    private static final Pattern TOKEN_SEPARATOR = Pattern.compile("[^\\p{L}\\p{N}'’-]+");
    private static final Pattern TOKEN_EDGES = Pattern.compile("^['’-]+|['’-]+$");
    private static final Set<String> FIRST_PERSON =
            Set.of("i", "i'm", "i've", "i'd", "i'll", "my", "mine", "we", "we're", "we've", "our");

    private static final Set<String> STOPWORDS = Set.of(
            "the",
            "and",
            "but",
            "for",
            "nor",
            "yet",
            "are",
            "was",
            "were",
            "been",
            "being",
            "have",
            "has",
            "had",
            "having",
            "does",
            "did",
            "doing",
            "will",
            "would",
            "shall",
            "should",
            "can",
            "could",
            "may",
            "might",
            "must",
            "that",
            "this",
            "these",
            "those",
            "there",
            "here",
            "what",
            "which",
            "who",
            "whom",
            "whose",
            "when",
            "where",
            "why",
            "how",
            "all",
            "any",
            "both",
            "each",
            "few",
            "more",
            "most",
            "other",
            "some",
            "such",
            "only",
            "own",
            "same",
            "than",
            "too",
            "very",
            "just",
            "also",
            "from",
            "into",
            "onto",
            "with",
            "without",
            "about",
            "above",
            "below",
            "over",
            "under",
            "again",
            "then",
            "once",
            "you",
            "your",
            "yours",
            "she",
            "her",
            "hers",
            "him",
            "his",
            "its",
            "our",
            "ours",
            "they",
            "them",
            "their",
            "theirs",
            "myself",
            "yourself",
            "not",
            "yes",
            "yeah",
            "okay",
            "really",
            "wow",
            "lol",
            "haha",
            "thanks",
            "thank",
            "hey",
            "hello",
            "bye",
            "goodbye",
            "great",
            "cool",
            "nice",
            "sure",
            "well",
            "like",
            "get",
            "got",
            "going",
            "gonna",
            "let",
            "it's",
            "i'm",
            "that's",
            "don't",
            "you're",
            "out",
            "off",
            "now",
            "one");

    private Gist() {}

    /** At most {@code maxChars} characters of the message's best sentences. */
    static String of(String content, int maxChars) {
        List<String> sentences = sentences(content);
        if (sentences.isEmpty()) {
            return "";
        }
        List<Integer> byScore = IntStream.range(0, sentences.size())
                .boxed()
                .sorted(Comparator.comparingInt((Integer i) -> -score(sentences.get(i)))
                        .thenComparingInt(i -> i))
                .toList();
        int best = score(sentences.get(byScore.get(0)));
        List<Integer> chosen = new ArrayList<>();
        int chars = 0;
        for (int index : byScore) {
            // Filler never pads a short fact: only sentences worth half the best one join it.
            int score = score(sentences.get(index));
            if (chars >= MIN_CHARS || (!chosen.isEmpty() && (score == 0 || 2 * score < best))) {
                break;
            }
            chosen.add(index);
            chars += sentences.get(index).length() + 1;
        }
        chosen.sort(Comparator.naturalOrder());
        String gist = String.join(" ", chosen.stream().map(sentences::get).toList());
        return SummaryText.shorten(gist, maxChars);
    }

    static int score(String sentence) {
        Set<String> words = new HashSet<>();
        int numbers = 0;
        int names = 0;
        boolean firstPerson = false;
        String[] tokens = TOKEN_SEPARATOR.split(sentence);
        for (int i = 0; i < tokens.length; i++) {
            String token = trimmed(tokens[i]);
            if (token.isEmpty()) {
                continue;
            }
            if (token.chars().anyMatch(Character::isDigit)) {
                numbers++;
            } else if (i > 0 && Character.isUpperCase(token.codePointAt(0))) {
                names++;
            }
            String word = normalized(token);
            firstPerson |= FIRST_PERSON.contains(word);
            if (isContentWord(word)) {
                words.add(word);
            }
        }
        int facts = words.size() + 2 * numbers + names;
        if (facts == 0) {
            return 0;
        }
        int score = facts + (firstPerson ? FIRST_PERSON_WEIGHT : 0);
        return sentence.endsWith("?") ? score / 2 : score;
    }

    /** The content words of a text, lower-cased: what two lines must share to say the same thing. */
    static Set<String> contentWords(String text) {
        Set<String> words = new HashSet<>();
        for (String token : TOKEN_SEPARATOR.split(text)) {
            String word = normalized(trimmed(token));
            if (isContentWord(word)) {
                words.add(word);
            }
        }
        return words;
    }

    private static String trimmed(String token) {
        return TOKEN_EDGES.matcher(token).replaceAll("");
    }

    /** Lower case, with the typographic apostrophe read as the plain one ("I’m" is "i'm"). */
    private static String normalized(String token) {
        return token.toLowerCase(Locale.ROOT).replace('’', '\'');
    }

    private static boolean isContentWord(String word) {
        return word.length() >= 3 && !STOPWORDS.contains(word);
    }

    private static List<String> sentences(String content) {
        String text = content.strip().replaceAll("\\s+", " ");
        BreakIterator boundaries = BreakIterator.getSentenceInstance(Locale.ROOT);
        boundaries.setText(text);
        List<String> sentences = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int start = boundaries.first();
        for (int end = boundaries.next(); end != BreakIterator.DONE; start = end, end = boundaries.next()) {
            String sentence = text.substring(start, end).strip();
            if (!sentence.isEmpty() && seen.add(sentence.toLowerCase(Locale.ROOT))) {
                sentences.add(sentence);
            }
        }
        return sentences;
    }
}
