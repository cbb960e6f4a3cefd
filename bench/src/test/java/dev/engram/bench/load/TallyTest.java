package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TallyTest {

    private static final Operation ADD_TWO =
            new Operation(RequestKind.ADD, "u1", JsonNodeFactory.instance.objectNode(), 2);
    private static final Operation SEARCH =
            new Operation(RequestKind.SEARCH, "u1", JsonNodeFactory.instance.objectNode(), 0);

    private static final String BOTH_CREATED =
            "{\"episodes\":[{\"id\":\"a\",\"status\":\"created\"},{\"id\":\"b\",\"status\":\"created\"}]}";

    @Test
    void a_created_add_counts_its_episodes_as_accepted_for_its_user() {
        Tally tally = new Tally();

        assertThat(tally.answered(ADD_TWO, 201, BOTH_CREATED, 3_000_000)).isTrue();
        assertThat(tally.answered(SEARCH, 200, "{}", 5_000_000)).isTrue();

        assertThat(tally.requests(RequestKind.ADD)).isEqualTo(1);
        assertThat(tally.succeeded(RequestKind.ADD)).isEqualTo(1);
        assertThat(tally.acceptedByUser()).isEqualTo(Map.of("u1", 2L));
        assertThat(tally.episodesSent()).isEqualTo(2);
        assertThat(tally.latency(RequestKind.ADD).summary().max()).isEqualTo(3.0);
        assertThat(tally.latency(RequestKind.SEARCH).summary().max()).isEqualTo(5.0);
        assertThat(tally.errors().total()).isZero();
    }

    @Test
    void statuses_other_than_2xx_are_errors_by_kind_and_status_without_latency() {
        Tally tally = new Tally();

        assertThat(tally.answered(SEARCH, 429, "{}", 1_000_000)).isFalse();
        tally.answered(SEARCH, 429, "{}", 1_000_000);
        tally.answered(SEARCH, 503, "{}", 1_000_000);
        tally.answered(ADD_TWO, 500, "{}", 1_000_000);

        assertThat(tally.errors().byCause())
                .containsExactly(
                        Map.entry(new ErrorCounts.Key(RequestKind.ADD, "HTTP 500"), 1L),
                        Map.entry(new ErrorCounts.Key(RequestKind.SEARCH, "HTTP 429"), 2L),
                        Map.entry(new ErrorCounts.Key(RequestKind.SEARCH, "HTTP 503"), 1L));
        assertThat(tally.requests(RequestKind.SEARCH)).isEqualTo(3);
        assertThat(tally.succeeded(RequestKind.SEARCH)).isZero();
        assertThat(tally.latency(RequestKind.SEARCH).count()).isZero();
        assertThat(tally.acceptedByUser()).isEmpty();
        assertThat(tally.episodesSent()).isEqualTo(2);
    }

    @Test
    void requests_without_an_answer_are_counted_apart_from_statuses() {
        Tally tally = new Tally();

        tally.unanswered(SEARCH, new ConnectException("refused"));
        tally.unanswered(SEARCH, new HttpTimeoutException("request timed out"));
        tally.unanswered(ADD_TWO, new HttpConnectTimeoutException("connect timed out"));

        assertThat(tally.errors().byCause())
                .containsExactly(
                        Map.entry(new ErrorCounts.Key(RequestKind.ADD, "connection failed (connect timeout)"), 1L),
                        Map.entry(new ErrorCounts.Key(RequestKind.SEARCH, "connection failed (ConnectException)"), 1L),
                        Map.entry(new ErrorCounts.Key(RequestKind.SEARCH, "timeout"), 1L));
        assertThat(tally.requests(RequestKind.SEARCH)).isEqualTo(2);
    }

    @Test
    void an_add_answered_duplicate_is_an_error_but_its_created_episodes_are_still_accepted() {
        Tally tally = new Tally();

        boolean succeeded = tally.answered(
                ADD_TWO,
                201,
                "{\"episodes\":[{\"id\":\"a\",\"status\":\"created\"},{\"id\":\"b\",\"status\":\"duplicate\"}]}",
                1_000_000);
        tally.answered(ADD_TWO, 201, "not json", 1_000_000);

        assertThat(succeeded).isFalse();
        assertThat(tally.acceptedByUser()).isEqualTo(Map.of("u1", 1L));
        assertThat(tally.episodesNotCreated()).isEqualTo(1);
        assertThat(tally.errors().byCause())
                .containsExactly(
                        Map.entry(new ErrorCounts.Key(RequestKind.ADD, ErrorCounts.DUPLICATE), 1L),
                        Map.entry(new ErrorCounts.Key(RequestKind.ADD, ErrorCounts.UNREADABLE), 1L));
    }

    @Test
    void tallies_of_clients_add_up() {
        Tally first = new Tally();
        first.answered(ADD_TWO, 201, BOTH_CREATED, 2_000_000);
        first.answered(SEARCH, 503, "{}", 1_000_000);
        Tally second = new Tally();
        second.answered(ADD_TWO, 201, BOTH_CREATED, 4_000_000);
        second.answered(new Operation(RequestKind.ADD, "u2", ADD_TWO.body(), 2), 201, BOTH_CREATED, 6_000_000);
        second.answered(SEARCH, 503, "{}", 1_000_000);

        Tally total = new Tally();
        for (Tally client : List.of(first, second)) {
            total.addAll(client);
        }

        assertThat(total.requests(RequestKind.ADD)).isEqualTo(3);
        assertThat(total.succeeded(RequestKind.ADD)).isEqualTo(3);
        assertThat(total.latency(RequestKind.ADD).summary().p50()).isEqualTo(4.0);
        assertThat(total.acceptedByUser()).isEqualTo(Map.of("u1", 4L, "u2", 2L));
        assertThat(total.episodesAccepted()).isEqualTo(6);
        assertThat(total.errors().total(RequestKind.SEARCH)).isEqualTo(2);
    }
}
