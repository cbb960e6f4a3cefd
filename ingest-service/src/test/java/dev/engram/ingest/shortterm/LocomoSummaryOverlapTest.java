package dev.engram.ingest.shortterm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.ingest.model.StoredEpisode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The extractive summary of each LoCoMo dev session against the session's reference summary ({@code
 * session_summary}), beside the previous line policy (every evicted episode a line, over the cap the oldest
 * lines shortened, then dropped). The measure is the overlap of content words (lower-cased words of three
 * letters or more, stop words dropped, as {@link Gist#contentWords} reads them): recall = reference words
 * found in the summary ÷ reference words, precision = summary words found in the reference ÷ summary words.
 * Each session is summarized as production does it: all its turns evicted, in rounds of at most 8,000
 * characters, into a summary of at most 1,500. The numbers are printed and published in the benchmarks doc;
 * the test fails if the summary stops beating the previous policy or repeats a line. Skipped when the dev data
 * ({@code ../shared/data/locomo/locomo-dev.json} beside the repository) is not there.
 */
class LocomoSummaryOverlapTest {

    private static final Path DATA = Path.of("..", "..", "shared", "data", "locomo", "locomo-dev.json");
    private static final int SUMMARY_CHARS = 1500;
    private static final int ROUND_CHARS = 8000;

    @Test
    void the_summary_keeps_more_of_the_reference_than_the_previous_policy_and_never_repeats_a_line()
            throws IOException {
        assumeTrue(Files.isRegularFile(DATA), "LoCoMo dev data not found at " + DATA.toAbsolutePath());
        Overlap current = new Overlap();
        Overlap previous = new Overlap();
        for (JsonNode conversation : new ObjectMapper().readTree(DATA.toFile())) {
            JsonNode sessions = conversation.get("conversation");
            for (int number = 1; sessions.has("session_" + number); number++) {
                JsonNode reference = conversation.get("session_summary").get("session_" + number + "_summary");
                if (reference == null) {
                    continue;
                }
                List<StoredEpisode> turns = turns(sessions.get("session_" + number));
                String summary = inRounds(turns, ExtractiveSummarizer::summarize);
                current.add(summary, reference.asText());
                previous.add(inRounds(turns, LinePerEpisode::summarize), reference.asText());
                List<String> lines = summary.lines().toList();
                assertThat(new HashSet<>(lines))
                        .as("a line repeated in %s", summary)
                        .hasSize(lines.size());
            }
        }

        System.out.printf(
                "LoCoMo dev, %d sessions, content-word overlap with session_summary:%n"
                        + "  summarizer        recall  precision  chars%n"
                        + "  previous policy   %.3f   %.3f      %.0f%n"
                        + "  current           %.3f   %.3f      %.0f%n",
                current.sessions,
                previous.recall(),
                previous.precision(),
                previous.meanChars(),
                current.recall(),
                current.precision(),
                current.meanChars());
        assertThat(current.sessions).isGreaterThan(50);
        assertThat(current.recall()).isGreaterThan(previous.recall());
        assertThat(current.precision()).isGreaterThan(previous.precision());
    }

    private interface Summarizer {
        String summarize(String previous, List<StoredEpisode> evicted, int maxChars);
    }

    private static String inRounds(List<StoredEpisode> turns, Summarizer summarizer) {
        String summary = "";
        List<StoredEpisode> round = new ArrayList<>();
        int chars = 0;
        for (StoredEpisode turn : turns) {
            if (!round.isEmpty() && chars + turn.content.length() > ROUND_CHARS) {
                summary = summarizer.summarize(summary, round, SUMMARY_CHARS);
                round = new ArrayList<>();
                chars = 0;
            }
            round.add(turn);
            chars += turn.content.length();
        }
        return round.isEmpty() ? summary : summarizer.summarize(summary, round, SUMMARY_CHARS);
    }

    private static List<StoredEpisode> turns(JsonNode session) {
        List<StoredEpisode> turns = new ArrayList<>();
        Instant at = Instant.parse("2023-05-08T13:56:00Z");
        for (JsonNode turn : session) {
            StoredEpisode episode = new StoredEpisode();
            episode.pk = turns.size() + 1L;
            episode.producer = turn.get("speaker").asText();
            episode.role = "user";
            episode.ts = at.plusSeconds(30L * turns.size());
            episode.content = turn.get("text").asText();
            episode.metadata = Map.of();
            turns.add(episode);
        }
        return turns;
    }

    /** Content-word overlap, macro-averaged over sessions. */
    private static final class Overlap {
        int sessions;
        double recall;
        double precision;
        long chars;

        void add(String summary, String reference) {
            Set<String> found = Gist.contentWords(summary);
            Set<String> wanted = Gist.contentWords(reference);
            long shared = found.stream().filter(wanted::contains).count();
            sessions++;
            recall += wanted.isEmpty() ? 0 : (double) shared / wanted.size();
            precision += found.isEmpty() ? 0 : (double) shared / found.size();
            chars += summary.length();
        }

        double recall() {
            return recall / sessions;
        }

        double precision() {
            return precision / sessions;
        }

        double meanChars() {
            return (double) chars / sessions;
        }
    }

    /** The previous line policy, kept here as the measure's baseline. */
    private static final class LinePerEpisode {

        static String summarize(String previousSummary, List<StoredEpisode> evicted, int maxChars) {
            List<String> lines = new ArrayList<>(previousSummary
                    .lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty())
                    .toList());
            for (StoredEpisode episode : evicted) {
                String gist = Gist.of(episode.content, ExtractiveSummarizer.MAX_GIST_CHARS);
                if (!gist.isEmpty()) {
                    lines.add("[" + EpisodeLabels.day(episode) + "] " + EpisodeLabels.speaker(episode) + ": " + gist);
                }
            }
            int total = lines.stream().mapToInt(String::length).sum() + Math.max(0, lines.size() - 1);
            for (int i = 0; i < lines.size() - 1 && total > maxChars; i++) {
                String shorter = SummaryText.shorten(lines.get(i), 80);
                total -= lines.get(i).length() - shorter.length();
                lines.set(i, shorter);
            }
            while (total > maxChars && lines.size() > 1) {
                total -= lines.remove(0).length() + 1;
            }
            return SummaryText.shorten(String.join("\n", lines), maxChars);
        }
    }
}
