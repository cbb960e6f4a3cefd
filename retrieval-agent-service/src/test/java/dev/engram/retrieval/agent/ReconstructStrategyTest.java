package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SearchMode;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.SearchChannel;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code mode: reconstruct} fused with the direct search, against a scripted vector-service: what it fuses, what it
 * traces, when it falls back.
 */
@QuarkusTest
@TestProfile(ReconstructStrategyTest.BesideDirect.class)
@WithTestResource(FakeDownstreamResource.class)
class ReconstructStrategyTest {

    /** The reconstruction beside the direct search rather than the chain. */
    public static class BesideDirect implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("engram.retrieval.reconstruct.rankings", "direct,direct,reconstruct");
        }
    }

    private static final String QUESTION = "Which dog did Caroline adopt?";

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    private SearchChannel channel;

    @BeforeEach
    void connect() {
        downstream.reset();
        channel = new SearchChannel(url);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @Test
    void a_user_without_facts_is_searched_directly_and_the_trace_says_so() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = reconstruct();

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(response.getTrace().getReason()).contains("no facts");
        assertThat(response.getTrace().getReconstruct().getFacts()).isZero();
        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s1-3");
    }

    @Test
    void what_the_navigator_opened_is_fused_with_the_direct_search_and_its_steps_traced() {
        downstream.hits("s1-3", 0.9);
        downstream.reconstruct(40, List.of("s1-3", 1.4, "s2-4", 1.1));

        RetrievalResponse response = reconstruct();

        assertThat(response.getTrace().getMode()).isEqualTo("reconstruct");
        assertThat(SearchChannel.nucleusIds(response)).containsExactlyInAnyOrder("s1-3", "s2-4");
        var trace = response.getTrace().getReconstruct();
        assertThat(trace.getFacts()).isEqualTo(40);
        assertThat(trace.getStepsList()).extracting(step -> step.getAction()).containsExactly("start", "open");
        assertThat(trace.getSteps(1).getOpenedList()).containsExactly("s1-3#f1");
        assertThat(trace.getStopped()).isEqualTo("no_gain");
        assertThat(response.getTrace().getStageMsMap()).containsKeys("reconstruct_search", "vector_search");
        assertThat(downstream.reconstructRequests()).singleElement().satisfies(request -> {
            assertThat(request.getQuery()).isEqualTo(QUESTION);
            assertThat(request.getFilter().getSessionIdsList()).containsExactly("s1", "s2");
        });
    }

    private RetrievalResponse reconstruct() {
        return channel.search(
                QUESTION,
                request -> request.setMode(SearchMode.SEARCH_MODE_RECONSTRUCT)
                        .setFilter(SearchFilter.newBuilder().addSessionIds("s1").addSessionIds("s2")));
    }
}
