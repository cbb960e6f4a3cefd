package dev.engram.ingest.shortterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.model.StoredEpisode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractiveSummarizerTest {

    @Test
    void each_evicted_episode_becomes_a_line_with_its_day_its_speaker_and_its_most_informative_sentence() {
        String summary = ExtractiveSummarizer.summarize(
                "",
                List.of(
                        episode(
                                "Caroline",
                                "user",
                                "2023-05-08T13:56:00Z",
                                "Hey Mel! Oh wow, thanks. I went to the LGBTQ support group in Boston on 7 May."),
                        episode(null, "assistant", "2023-05-09T08:00:00Z", "That's great. Really great."),
                        episode(null, null, "2023-05-09T09:00:00Z", "Melanie paints sunsets.")),
                1500);

        assertThat(summary.lines())
                .containsExactly(
                        "[2023-05-08] Caroline: I went to the LGBTQ support group in Boston on 7 May.",
                        "[2023-05-09] assistant: That's great.",
                        "[2023-05-09] someone: Melanie paints sunsets.");
    }

    @Test
    void a_short_best_sentence_is_joined_by_others_nearly_as_informative_in_their_own_order() {
        String gist = Gist.of("Mel runs marathons in Chicago. Okay. Mel also paints landscapes near Lake Tahoe.", 240);

        assertThat(gist).isEqualTo("Mel runs marathons in Chicago. Mel also paints landscapes near Lake Tahoe.");
    }

    @Test
    void new_lines_follow_the_previous_summary() {
        String summary = ExtractiveSummarizer.summarize(
                "[2023-05-01] Caroline: Caroline moved to Denver.",
                List.of(episode("Melanie", "user", "2023-05-02T10:00:00Z", "Melanie bought a red bike.")),
                1500);

        assertThat(summary)
                .isEqualTo("[2023-05-01] Caroline: Caroline moved to Denver.\n"
                        + "[2023-05-02] Melanie: Melanie bought a red bike.");
    }

    @Test
    void over_the_cap_the_oldest_lines_are_compressed_first_then_dropped_and_the_newest_kept_whole() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            lines.add("line " + i + " " + "word ".repeat(40).strip());
        }
        String newest = lines.get(4);

        String compressed = ExtractiveSummarizer.fit(new ArrayList<>(lines), 600);
        List<String> kept = compressed.lines().toList();
        assertThat(compressed.length()).isLessThanOrEqualTo(600);
        assertThat(kept).hasSize(5).endsWith(newest);
        assertThat(kept.get(0))
                .hasSizeLessThanOrEqualTo(80)
                .startsWith("line 0 word")
                .endsWith("…");

        String dropped = ExtractiveSummarizer.fit(new ArrayList<>(lines), 400);
        assertThat(dropped.length()).isLessThanOrEqualTo(400);
        assertThat(dropped.lines().toList()).endsWith(newest).noneMatch(line -> line.startsWith("line 0 "));
    }

    @Test
    void the_same_input_always_gives_the_same_summary_within_its_cap() {
        List<StoredEpisode> evicted = List.of(
                episode("Caroline", "user", "2023-05-08T13:56:00Z", "x".repeat(3000)),
                episode("Melanie", "user", "2023-05-08T13:57:00Z", "Melanie has 2 kids, Ann and Bo."));

        String first = ExtractiveSummarizer.summarize("", evicted, 200);

        assertThat(first).isEqualTo(ExtractiveSummarizer.summarize("", evicted, 200));
        assertThat(first.length()).isLessThanOrEqualTo(200);
        assertThat(first).endsWith("[2023-05-08] Melanie: Melanie has 2 kids, Ann and Bo.");
    }

    private static StoredEpisode episode(String producer, String role, String timestamp, String content) {
        StoredEpisode episode = new StoredEpisode();
        episode.pk = 1L;
        episode.producer = producer;
        episode.role = role;
        episode.ts = Instant.parse(timestamp);
        episode.content = content;
        episode.metadata = Map.of();
        return episode;
    }
}
