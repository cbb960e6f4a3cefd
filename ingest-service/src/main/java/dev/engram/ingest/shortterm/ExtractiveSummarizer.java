package dev.engram.ingest.shortterm;

import dev.engram.ingest.model.StoredEpisode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
        previousSummary
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(SummaryLine::parse)
                .forEach(lines::add);
        for (StoredEpisode episode : evicted) {
            String gist = Gist.of(episode.content, MAX_GIST_CHARS);
            if (Gist.score(gist) == 0) {
                continue;
            }
            SummaryLine line = new SummaryLine(
                    "[" + EpisodeLabels.day(episode) + "] " + EpisodeLabels.speaker(episode) + ": ", gist);
            if (lines.stream().noneMatch(earlier -> repeats(line, earlier))) {
                lines.add(line);
            }
        }
        return fit(lines, maxChars);
    }

    /** The lines in their order, the least informative dropped until they fit in {@code maxChars}. */
    static String fit(List<SummaryLine> lines, int maxChars) {
        List<SummaryLine> kept = new ArrayList<>(lines);
        int total = length(kept);
        while (total > maxChars && kept.size() > 1) {
            int weakest = 0;
            for (int i = 1; i < kept.size() - 1; i++) {
                if (kept.get(i).score() < kept.get(weakest).score()) {
                    weakest = i;
                }
            }
            total -= kept.remove(weakest).text().length() + 1;
        }
        return SummaryText.shorten(
                String.join("\n", kept.stream().map(SummaryLine::text).toList()), maxChars);
    }

    private static boolean repeats(SummaryLine line, SummaryLine earlier) {
        if (!line.numbers().equals(earlier.numbers())) {
            // Another date, amount or count is another fact, however alike the words around it.
            return false;
        }
        // A line repeats an earlier one when it adds no content word to it: "I moved to Seattle" is news after
        // "I moved to Denver", the same message sent again with other punctuation is not.
        Set<String> words = line.contentWords();
        return words.isEmpty()
                ? line.gist().equalsIgnoreCase(earlier.gist())
                : earlier.contentWords().containsAll(words);
    }

    private static int length(List<SummaryLine> lines) {
        return lines.stream().mapToInt(line -> line.text().length()).sum() + Math.max(0, lines.size() - 1);
    }
}
