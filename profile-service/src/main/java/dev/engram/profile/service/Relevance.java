package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks a profile against a search query with BM25 over each entry's subject, tag, feature and
 * value ({@link Words}), document frequencies taken from the profile itself. A profile holds at
 * most a few hundred short entries, so scoring them all per query is cheaper than any index.
 * Entries that share no word with the query are left out.
 */
public final class Relevance {

    private static final double K1 = 1.2;
    private static final double B = 0.75;

    private Relevance() {}

    public static List<ProfileEntry> rank(List<ProfileEntry> entries, String query, int limit) {
        Set<String> terms = new HashSet<>(Words.of(query));
        List<List<String>> docs = entries.stream()
                .map(e -> Words.of(e.subject + " " + e.tag + " " + e.feature + " " + e.value))
                .toList();
        Map<String, Integer> df = new HashMap<>();
        docs.forEach(doc -> new HashSet<>(doc).forEach(word -> df.merge(word, 1, Integer::sum)));
        double avgLength = docs.stream().mapToInt(List::size).average().orElse(1);
        List<Scored> scored = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            double score = score(docs.get(i), terms, df, entries.size(), avgLength);
            if (score > 0) {
                scored.add(new Scored(entries.get(i), score));
            }
        }
        scored.sort(Comparator.comparingDouble(Scored::score)
                .reversed()
                .thenComparing(s -> s.entry().validFrom, Comparator.reverseOrder()));
        return scored.stream()
                .limit(limit > 0 ? limit : Long.MAX_VALUE)
                .map(Scored::entry)
                .toList();
    }

    private static double score(
            List<String> doc, Set<String> terms, Map<String, Integer> df, int docCount, double avgLength) {
        double score = 0;
        for (String term : terms) {
            long tf = doc.stream().filter(term::equals).count();
            if (tf == 0) {
                continue;
            }
            int n = df.get(term);
            double idf = Math.log(1 + (docCount - n + 0.5) / (n + 0.5));
            score += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc.size() / avgLength));
        }
        return score;
    }

    private record Scored(ProfileEntry entry, double score) {}
}
