package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SearchMode;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.SearchChannel;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code mode: reconstruct} as configured by default: the chain's rounds fused with what the navigator opened. */
@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class ReconstructBesideChainTest {

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
    void every_round_of_the_chain_is_fused_with_what_the_navigator_opened() {
        downstream.hits("s1-3", 0.9, "s1-4", 0.8);
        downstream.reconstruct(40, List.of("s2-4", 1.1));

        RetrievalResponse response = search();

        assertThat(response.getTrace().getMode()).isEqualTo("reconstruct");
        assertThat(response.getTrace().getQueriesCount())
                .as("the question and the chain's next round")
                .isGreaterThan(1);
        assertThat(downstream.vectorRequests()).hasSizeGreaterThan(1);
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4");
        assertThat(response.getTrace().getReconstruct().getFacts()).isEqualTo(40);
    }

    @Test
    void a_user_without_facts_gets_the_chain_alone_and_the_trace_says_so() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = search();

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason()).contains("no facts");
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3");
    }

    private RetrievalResponse search() {
        return channel.search(QUESTION, request -> request.setMode(SearchMode.SEARCH_MODE_RECONSTRUCT));
    }
}
