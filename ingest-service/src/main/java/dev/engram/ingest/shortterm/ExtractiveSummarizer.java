package dev.engram.ingest.shortterm;

import dev.engram.ingest.model.StoredEpisode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Writes the rolling summary without an LLM, deterministically: one line per evicted episode that says
 * something, {@code [day] speaker: gist}, appended to the previous summary's lines in time order.
 *
 * <p>What a reader of the summary needs is the facts of the session, not its rhythm: an episode whose gist
 * carries no content word, number or name ("That's great!") adds no line, and neither does one that repeats
 * a line already there (adds no content word and no other number to it). Over the cap, the least informative lines go first (the older of two equals), so a
 * flight date or an allergy mentioned early outlives the small talk that followed it; the newest line always
 * stays.
 */
public final class ExtractiveSummarizer {

    /** Longest gist of one episode on its own line. */
    static final int MAX_GIST_CHARS = 240;

    private ExtractiveSummarizer() {}

    /** The new summary, at most {@code maxChars} characters long. */
    public static String summarize(String previousSummary, List<StoredEpisode> evicted, int maxChars) {
        List<SummaryLine> lines = new ArrayList<>();
        // Each line's content words and numbers, read once: every new line is compared with all before it.
        List<Set<String>> words = new ArrayList<>();
        List<Set<String>> numbers = new ArrayList<>();
        previousSummary
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(SummaryLine::parse)
                .forEach(line -> {
                    lines.add(line);
                    words.add(line.contentWords());
                    numbers.add(line.numbers());
                });
        for (StoredEpisode episode : evicted) {
            String gist = Gist.of(episode.content, MAX_GIST_CHARS);
            if (Gist.score(gist) == 0) {
                continue;
            }
            SummaryLine line = new SummaryLine(
                    "[" + EpisodeLabels.day(episode) + "] " + EpisodeLabels.speaker(episode) + ": ", gist);
            Set<String> ownWords = line.contentWords();
            Set<String> ownNumbers = line.numbers();
            boolean repeated = false;
            for (int i = 0; i < lines.size() && !repeated; i++) {
                // Another date, amount or count is another fact, however alike the words around it.
                repeated = ownNumbers.equals(numbers.get(i)) && repeats(line, ownWords, lines.get(i), words.get(i));
            }
            if (!repeated) {
                lines.add(line);
                words.add(ownWords);
                numbers.add(ownNumbers);
            }
        }
        return fit(lines, maxChars);
    }

    /**
     * The lines in their order, the least informative dropped until they fit in {@code maxChars} (the older of two
     * equals first, the newest never). Each line is scored once, so a long backlog costs a sort, not a rescan per
     * dropped line.
     */
    static String fit(List<SummaryLine> lines, int maxChars) {
        int total = length(lines);
        boolean[] dropped = new boolean[lines.size()];
        if (total > maxChars && lines.size() > 1) {
            int[] scores = lines.stream().mapToInt(SummaryLine::score).toArray();
            List<Integer> weakestFirst = IntStream.range(0, lines.size() - 1)
                    .boxed()
                    .sorted(Comparator.comparingInt((Integer i) -> scores[i]).thenComparingInt(i -> i))
                    .toList();
            for (int i : weakestFirst) {
                if (total <= maxChars) {
                    break;
                }
                dropped[i] = true;
                total -= lines.get(i).text().length() + 1;
            }
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!dropped[i]) {
                kept.add(lines.get(i).text());
            }
        }
        return SummaryText.shorten(String.join("\n", kept), maxChars);
    }

    private static boolean repeats(SummaryLine line, Set<String> words, SummaryLine earlier, Set<String> earlierWords) {
        // A line repeats an earlier one when it adds no content word to it: "I moved to Seattle" is news after
        // "I moved to Denver", the same message sent again with other punctuation is not.
        return words.isEmpty() ? line.gist().equalsIgnoreCase(earlier.gist()) : earlierWords.containsAll(words);
    }

    private static int length(List<SummaryLine> lines) {
        return lines.stream().mapToInt(line -> line.text().length()).sum() + Math.max(0, lines.size() - 1);
    }
}
