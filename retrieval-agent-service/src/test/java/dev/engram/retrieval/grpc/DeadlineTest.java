package dev.engram.retrieval.grpc;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.hamcrest.Matchers.containsString;

import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.RetrievalServiceGrpc;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchMode;
import dev.engram.retrieval.support.Conversation;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A search passes what is left of its own deadline on to every call it makes, whichever thread the call is
 * made from (event loop, after another call, after a retry, or a reranker's worker thread), though the calls'
 * configured deadline is far longer.
 */
@QuarkusTest
@TestProfile(DeadlineTest.LongCallDeadlines.class)
@WithTestResource(FakeDownstreamResource.class)
class DeadlineTest {

    private static final long SEARCH_DEADLINE_MS = 10_000;

    /**
     * Calls that may take 60 s each, so that only the search's own deadline can explain a shorter one, and
     * vector searches retried up to 100 times, so that only the deadline can stop them.
     */
    public static class LongCallDeadlines implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "engram.clients.vector.deadline", "60s",
                    "engram.clients.vector.retries", "100",
                    "engram.clients.vector.backoff-initial", "20ms",
                    "engram.clients.vector.backoff-max", "80ms",
                    "engram.clients.ingest.deadline", "60s");
        }
    }

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    private ManagedChannel channel;

    @BeforeEach
    void connect() {
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort())
                .usePlaintext()
                .build();
        // Connected and warmed up, so that the short deadlines below measure the search alone.
        downstream.reset();
        search(20_000, r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT).addRerankers("embedding"));
        downstream.reset();
        downstream.hits("s2-1", 0.9, "s1-3", 0.8);
        downstream.similarity(Map.of("s2-1", 0.6f, "s1-3", 0.4f));
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void a_search_with_300_ms_left_gives_its_calls_at_most_300_ms() {
        try {
            search(300, r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT));
        } catch (StatusRuntimeException e) {
            // A machine this busy may take longer than 300 ms: what counts is what the calls were given.
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        }

        assertThat(downstream.deadlines()).isNotEmpty().allSatisfy(call -> assertWithin(call, 300));
    }

    @Test
    void every_call_of_every_strategy_gets_what_is_left_of_the_search() {
        Scope session = Conversation.scope().toBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .build();
        for (SearchMode mode :
                List.of(SearchMode.SEARCH_MODE_DIRECT, SearchMode.SEARCH_MODE_SPLIT, SearchMode.SEARCH_MODE_CHAIN)) {
            downstream.reset();
            downstream.hits("s2-1", 0.9, "s1-3", 0.8);
            downstream.similarity(Map.of("s2-1", 0.6f, "s1-3", 0.4f));

            search(
                    SEARCH_DEADLINE_MS,
                    r -> r.setMode(mode)
                            .setQuery("What do Caroline and Melanie like to paint?")
                            .setScope(session)
                            .setIncludeShortTerm(true)
                            .addRerankers("embedding")
                            .addRerankers("bm25"));

            assertThat(downstream.deadlines())
                    .as(mode.name())
                    .anyMatch(call -> call.startsWith("Search"))
                    .anyMatch(call -> call.startsWith("GetContext"))
                    .anyMatch(call -> call.startsWith("GetShortTerm"))
                    .anyMatch(call -> call.startsWith("Similarity"))
                    .allSatisfy(call -> assertWithin(call, SEARCH_DEADLINE_MS));
        }
    }

    @Test
    void a_retry_after_an_unavailable_peer_keeps_the_searchs_deadline() {
        downstream.failVectorSearch(Status.UNAVAILABLE, 1);

        search(SEARCH_DEADLINE_MS, r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT).addRerankers("embedding"));

        assertThat(downstream.deadlines())
                .filteredOn(call -> call.startsWith("Search"))
                .hasSize(2);
        assertThat(downstream.deadlines()).allSatisfy(call -> assertWithin(call, SEARCH_DEADLINE_MS));
    }

    @Test
    void retries_of_a_peer_that_stays_away_stop_at_the_searchs_deadline() throws InterruptedException {
        downstream.failVectorSearch(Status.UNAVAILABLE, Integer.MAX_VALUE);

        StatusRuntimeException failure = catchThrowableOfType(
                StatusRuntimeException.class, () -> search(500, r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT)));
        long attempts = vectorSearches();
        Thread.sleep(1_000);

        assertThat(failure.getStatus().getCode()).isIn(Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED);
        assertThat(vectorSearches()).as("attempts after the deadline").isEqualTo(attempts);
        // Pauses of 10-20, 20-40, 40-80 and then 40-80 ms: a handful of retries fit into 500 ms, not 100.
        assertThat(attempts).isBetween(2L, 20L);
        assertThat(downstream.deadlines()).allSatisfy(call -> assertWithin(call, 500));
    }

    @Test
    void calls_are_timed_by_peer_method_and_outcome() {
        search(SEARCH_DEADLINE_MS, r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT));

        given().when()
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString(
                        "engram_client_calls_seconds_count{method=\"Search\",outcome=\"OK\",peer=\"vector\"}"))
                .body(containsString(
                        "engram_client_calls_seconds_count{method=\"GetContext\",outcome=\"OK\",peer=\"ingest\"}"));
    }

    private RetrievalResponse search(long deadlineMillis, UnaryOperator<RetrievalRequest.Builder> change) {
        RetrievalRequest.Builder request = RetrievalRequest.newBuilder()
                .setScope(Conversation.scope())
                .setQuery("when did we go to the support group?");
        return RetrievalServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS)
                .search(change.apply(request).build());
    }

    private long vectorSearches() {
        return downstream.deadlines().stream()
                .filter(call -> call.startsWith("Search"))
                .count();
    }

    /** {@code call} is "Method millis-left", as {@link FakeDownstream#deadlines()} records it. */
    private static void assertWithin(String call, long millis) {
        String left = call.substring(call.indexOf(' ') + 1);
        assertThat(left).as(call).isNotEqualTo("none");
        assertThat(Long.parseLong(left)).as(call).isBetween(0L, millis);
    }
}
