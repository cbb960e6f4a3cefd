package dev.engram.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.model.EpisodeCluster;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeRerankerTest {

    private final TimeReranker reranker = new TimeReranker();

    @Test
    void absolute_dates_months_and_years_are_read_as_periods() {
        assertThat(TimeExpressions.in("What did she paint on October 13, 2023?"))
                .containsExactly(period("2023-10-13", "2023-10-13", false));
        assertThat(TimeExpressions.in("What did Gina find on 1 February, 2023?"))
                .containsExactly(period("2023-02-01", "2023-02-01", false));
        assertThat(TimeExpressions.in("Which class did Maria start in December 2023?"))
                .containsExactly(period("2023-12-01", "2023-12-31", false));
        assertThat(TimeExpressions.in("How often did she go to the beach in 2023?"))
                .containsExactly(period("2023-01-01", "2023-12-31", false));
        assertThat(TimeExpressions.in("When did Melanie go camping in June?"))
                .containsExactly(period("2000-06-01", "2000-06-30", true));
    }

    @Test
    void questions_without_a_date_are_left_to_the_other_rerankers() {
        assertThat(reranker.appliesTo("What did Melanie paint last year?")).isFalse();
        assertThat(reranker.appliesTo("May I ask what she likes?")).isFalse();
        assertThat(reranker.appliesTo("What is 2023 times two?")).isFalse();
        assertThat(reranker.appliesTo("What did she do in July 2023?")).isTrue();
    }

    @Test
    void clusters_said_in_the_named_period_or_soon_after_score_higher() {
        double[] scores = reranker.score(
                "What did Mel paint in July 2023?",
                List.of(
                        candidate("2023-05-08T13:00:00Z"),
                        candidate("2023-07-20T09:00:00Z"),
                        candidate("2023-08-15T09:00:00Z"),
                        candidate("2023-09-15T09:00:00Z")));

        assertThat(scores).containsExactly(0, 1, 1, 0);
    }

    @Test
    void a_month_without_a_year_matches_that_month_of_any_year_across_new_year() {
        double[] scores = reranker.score(
                "Where did they travel in December?",
                List.of(
                        candidate("2021-12-24T10:00:00Z"),
                        candidate("2023-01-10T10:00:00Z"),
                        candidate("2023-03-01T10:00:00Z")));

        assertThat(scores).containsExactly(1, 1, 0);
    }

    private static TimeExpressions.Period period(String from, String to, boolean anyYear) {
        return new TimeExpressions.Period(LocalDate.parse(from), LocalDate.parse(to), anyYear);
    }

    private static RerankCandidate candidate(String at) {
        Instant instant = Instant.parse(at);
        Episode episode = Episode.newBuilder()
                .setId(at)
                .setContent("something")
                .setTimestamp(Timestamp.newBuilder().setSeconds(instant.getEpochSecond()))
                .build();
        return new RerankCandidate(new EpisodeCluster(at, 0f, List.of(episode)), "something", 0);
    }
}
