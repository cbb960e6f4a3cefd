package dev.engram.retrieval.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalResponse;
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
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A request that leaves {@code neighbours} unspecified takes {@code engram.retrieval.default-neighbours}. */
@QuarkusTest
@TestProfile(ConfiguredNeighboursTest.EveryNeighbourByDefault.class)
@WithTestResource(FakeDownstreamResource.class)
class ConfiguredNeighboursTest {

    private static final String QUERY = "when did we go to the support group?";

    /** The service configured to bring every neighbour unless a request says otherwise. */
    public static class EveryNeighbourByDefault implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("engram.retrieval.default-neighbours", "all");
        }
    }

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
    void an_unspecified_choice_takes_the_configured_default() {
        downstream.hits("s2-3", 0.9, "s2-4", 0.5);

        RetrievalResponse response = channel.search(QUERY, r -> r.setBefore(1).setAfter(1));

        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s2-3");
        assertThat(SearchChannel.episodeIds(response)).containsExactly("s2-2", "s2-3", "s2-4");
    }

    @Test
    void a_request_asking_for_matching_neighbours_overrides_the_configured_default() {
        downstream.hits("s2-3", 0.9, "s2-4", 0.5);

        RetrievalResponse response =
                channel.search(QUERY, r -> r.setBefore(1).setAfter(1).setNeighbours(Neighbours.NEIGHBOURS_MATCHING));

        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s2-3");
        assertThat(SearchChannel.episodeIds(response)).containsExactly("s2-3", "s2-4");
    }
}
