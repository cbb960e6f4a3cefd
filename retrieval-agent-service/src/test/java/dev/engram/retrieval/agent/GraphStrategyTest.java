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
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code mode: graph} against a scripted vector-service: what it fuses, what it traces, when it falls back. */
@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class GraphStrategyTest {

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

        RetrievalResponse response = graphSearch();

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(response.getTrace().getReason()).contains("no facts yet");
        assertThat(response.getTrace().getGraph().getFacts()).isZero();
        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s1-3");
        assertThat(downstream.vectorRequests()).hasSize(1);
    }

    @Test
    void the_walk_adds_episodes_the_direct_search_missed_and_the_trace_shows_the_walk() {
        downstream.hits("s1-3", 0.9);
        downstream.graph(40, List.of("s1-3", 0.9), List.of("s1-3", 0.5, "s2-4", 0.2));

        RetrievalResponse response = graphSearch();

        assertThat(response.getTrace().getMode()).isEqualTo("graph");
        assertThat(SearchChannel.nucleusIds(response)).containsExactlyInAnyOrder("s1-3", "s2-4");
        assertThat(response.getTrace().getGraph().getFacts()).isEqualTo(40);
        assertThat(response.getTrace().getGraph().getSeeds()).isEqualTo(1);
        assertThat(response.getTrace().getGraph().getTouched()).isEqualTo(2);
        assertThat(response.getTrace().getGraph().getStageUsMap()).containsKey("walk");
        assertThat(response.getTrace().getStageMsMap()).containsKeys("graph_search", "vector_search");
        assertThat(downstream.graphRequests()).singleElement().satisfies(request -> {
            assertThat(request.getQuery()).isEqualTo(QUESTION);
            assertThat(request.getFilter().getSessionIdsList()).containsExactly("s1", "s2");
        });
    }

    @Test
    void an_episode_only_the_walk_reached_is_not_a_matching_neighbour() {
        // s1-4 follows the nucleus s1-3, but only the walk reached it: it is about the hit, not the question.
        downstream.hits("s1-3", 0.9);
        downstream.graph(40, List.of("s1-3", 0.9), List.of("s1-3", 0.5, "s1-4", 0.2));

        RetrievalResponse response = graphSearch();

        assertThat(response.getClustersList())
                .filteredOn(cluster -> cluster.getNucleusId().equals("s1-3"))
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(episode -> episode.getId())
                        .doesNotContain("s1-4"));
    }

    private RetrievalResponse graphSearch() {
        return channel.search(
                QUESTION,
                request -> request.setMode(SearchMode.SEARCH_MODE_GRAPH)
                        .setFilter(SearchFilter.newBuilder().addSessionIds("s1").addSessionIds("s2")));
    }
}
