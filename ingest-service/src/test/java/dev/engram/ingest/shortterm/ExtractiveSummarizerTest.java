package dev.engram.ingest.shortterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.model.StoredEpisode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExtractiveSummarizerTest {

    @Test
    void each_evicted_episode_that_says_something_becomes_a_line_with_its_day_its_speaker_and_its_best_sentence() {
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
    void over_the_cap_the_least_informative_lines_go_first_and_the_newest_stays() {
        List<StoredEpisode> evicted = List.of(
                episode("Dana", "user", "2023-05-01T10:00:00Z", "My flight to Lisbon is on 12 June at 7:40."),
                episode("Dana", "user", "2023-05-01T10:01:00Z", "I'm allergic to shellfish, so no seafood place."),
                episode("Leo", "user", "2023-05-01T10:02:00Z", "Sounds fun, enjoy the trip."),
                episode("Leo", "user", "2023-05-01T10:03:00Z", "Have a good evening."),
                episode("Leo", "user", "2023-05-01T10:04:00Z", "Bye."),
                episode("Dana", "user", "2023-05-01T10:05:00Z", "See you soon."));

        String full = ExtractiveSummarizer.summarize("", evicted, 1500);
        String tight = ExtractiveSummarizer.summarize("", evicted, 170);

        assertThat(full.lines()).hasSize(5).noneMatch(line -> line.endsWith("Bye."));
        assertThat(tight.length()).isLessThanOrEqualTo(170);
        assertThat(tight.lines())
                .containsExactly(
                        "[2023-05-01] Dana: My flight to Lisbon is on 12 June at 7:40.",
                        "[2023-05-01] Dana: I'm allergic to shellfish, so no seafood place.",
                        "[2023-05-01] Dana: See you soon.");
    }

    @Test
    void a_line_that_repeats_one_already_in_the_summary_is_not_written_again() {
        String previous = "[2023-05-01] Leo: Haha, that reminds me of the old days at the lake house.";
        List<StoredEpisode> evicted = List.of(
                episode(
                        "Leo",
                        "user",
                        "2023-05-02T10:00:00Z",
                        "Haha that reminds me of the old days at the lake house!"),
                episode(
                        "Leo",
                        "user",
                        "2023-05-02T10:01:00Z",
                        "Haha, that reminds me of the old days at the lake house."),
                episode("Dana", "user", "2023-05-02T10:02:00Z", "I moved to Denver. I moved to Denver."),
                episode("Dana", "user", "2023-05-02T10:03:00Z", "I moved to Seattle."));

        String summary = ExtractiveSummarizer.summarize(previous, evicted, 1500);

        assertThat(summary.lines())
                .containsExactly(
                        previous, "[2023-05-02] Dana: I moved to Denver.", "[2023-05-02] Dana: I moved to Seattle.");
    }

    @Test
    void a_first_person_statement_outweighs_a_question_with_the_same_words() {
        assertThat(Gist.score("I adopted a beagle named Max"))
                .isGreaterThan(Gist.score("Did you adopt a beagle named Max?"));
        assertThat(Gist.score("That's great, really great!")).isZero();
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
