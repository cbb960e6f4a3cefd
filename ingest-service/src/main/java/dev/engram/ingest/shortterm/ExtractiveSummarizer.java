package dev.engram.ingest.shortterm;

import dev.engram.ingest.model.StoredEpisode;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the rolling summary without an LLM, deterministically: one line per evicted episode, {@code
 * [day] speaker: gist}, appended to the previous summary's lines. Over the cap, the oldest content is
 * compressed first: older lines are shortened one by one (all but the newest), then the oldest
 * lines are dropped, so the summary keeps the most recent past in full.
 */
public final class ExtractiveSummarizer {

    /** Longest gist of one episode on its own line. */
    static final int MAX_GIST_CHARS = 240;
    /** What an older line is shortened to once the summary runs over its cap. */
    static final int COMPRESSED_LINE_CHARS = 80;

    private ExtractiveSummarizer() {}

    /** The new summary, at most {@code maxChars} characters long. */
    public static String summarize(String previousSummary, List<StoredEpisode> evicted, int maxChars) {
        List<String> lines = new ArrayList<>();
        previousSummary
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .forEach(lines::add);
        for (StoredEpisode episode : evicted) {
            String gist = Gist.of(episode.content, MAX_GIST_CHARS);
            if (!gist.isEmpty()) {
                lines.add("[" + EpisodeLabels.day(episode) + "] " + EpisodeLabels.speaker(episode) + ": " + gist);
            }
        }
        return fit(lines, maxChars);
    }

    static String fit(List<String> lines, int maxChars) {
        int total = length(lines);
        for (int i = 0; i < lines.size() - 1 && total > maxChars; i++) {
            String shorter = SummaryText.shorten(lines.get(i), COMPRESSED_LINE_CHARS);
            total -= lines.get(i).length() - shorter.length();
            lines.set(i, shorter);
        }
        while (total > maxChars && lines.size() > 1) {
            total -= lines.remove(0).length() + 1;
        }
        return SummaryText.shorten(String.join("\n", lines), maxChars);
    }

    private static int length(List<String> lines) {
        return lines.stream().mapToInt(String::length).sum() + Math.max(0, lines.size() - 1);
    }
}
