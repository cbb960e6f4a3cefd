package dev.engram.retrieval.agent.rules;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Pseudo-relevance feedback: the terms a follow-up query should add, read from the evidence a round
 * found. A term counts more the more evidence texts use it and the higher they rank; names count
 * more than other words, since the next hop of a chain is usually a person, place or thing named
 * in the evidence. Terms the question (or an earlier round) already has are skipped.
 */
@ApplicationScoped
public class FeedbackTerms {

    // Names are what chains hop through; worth more than a common word found as often.
    private static final double NAME_WEIGHT = 1.5;
    private static final Pattern SPEAKER_PREFIX = Pattern.compile("^[\\p{L}][\\p{L} .'’-]{0,40}:\\s+");

    /**
     * Up to {@code max} terms in their written form, best first. {@code known} holds terms taken
     * before, to be skipped like the question's own words.
     */
    public List<String> pick(String question, Set<String> known, List<String> evidence, int max) {
        Set<String> skip = new HashSet<>();
        known.forEach(term -> skip.add(Words.key(term)));
        Words.of(question).forEach(word -> skip.add(Words.key(word)));
        Map<String, Double> scores = new LinkedHashMap<>();
        Map<String, String> written = new LinkedHashMap<>();
        for (int rank = 0; rank < evidence.size(); rank++) {
            String text = SPEAKER_PREFIX.matcher(evidence.get(rank)).replaceFirst("");
            List<String> words = Words.of(text);
            Set<String> seenHere = new HashSet<>();
            for (int position = 0; position < words.size(); position++) {
                String word = words.get(position);
                String key = Words.key(word);
                if (!Words.isContent(word) || skip.contains(key) || !seenHere.add(key)) {
                    continue;
                }
                double weight = (Words.looksLikeName(word, position) ? NAME_WEIGHT : 1.0) / (rank + 1);
                scores.merge(key, weight, Double::sum);
                written.putIfAbsent(key, word);
            }
        }
        return scores.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
                .limit(max)
                .map(entry -> written.get(entry.getKey()))
                .toList();
    }
}
