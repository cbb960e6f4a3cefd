package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.ContextBy;
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
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code mode: segtree} against a scripted vector-service: what it fuses, what it traces, when it falls back. */
@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class SegTreeStrategyTest {

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
    void a_user_without_trees_is_searched_directly_and_the_trace_says_so() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = treeSearch();

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(response.getTrace().getReason()).contains("no trees");
        assertThat(response.getTrace().getSegtree().getEpisodes()).isZero();
        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s1-3");
    }

    @Test
    void the_trees_ranking_is_fused_with_the_direct_search_and_traced() {
        downstream.hits("s1-3", 0.9);
        downstream.segtree(40, List.of("s1-3", 1.4, "s2-4", 1.1));

        RetrievalResponse response = treeSearch();

        assertThat(response.getTrace().getMode()).isEqualTo("segtree");
        assertThat(SearchChannel.nucleusIds(response)).containsExactlyInAnyOrder("s1-3", "s2-4");
        assertThat(response.getTrace().getSegtree().getEpisodes()).isEqualTo(40);
        assertThat(response.getTrace().getSegtree().getSteps()).isEqualTo(2);
        assertThat(response.getTrace().getSegtree().getStageUsMap()).containsKey("score");
        assertThat(response.getTrace().getStageMsMap()).containsKeys("segtree_search", "vector_search");
        assertThat(downstream.segtreeRequests()).singleElement().satisfies(request -> {
            assertThat(request.getQuery()).isEqualTo(QUESTION);
            assertThat(request.getFilter().getSessionIdsList()).containsExactly("s1", "s2");
        });
    }

    @Test
    void an_episode_only_its_topic_lifted_is_not_a_matching_neighbour() {
        downstream.hits("s1-3", 0.9);
        downstream.segtree(40, List.of("s1-3", 1.4, "s1-4", 1.2));

        RetrievalResponse response = treeSearch();

        assertThat(response.getClustersList())
                .filteredOn(cluster -> cluster.getNucleusId().equals("s1-3"))
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(episode -> episode.getId())
                        .doesNotContain("s1-4"));
    }

    @Test
    void by_segment_a_nucleus_comes_with_its_topic_and_nothing_beyond_it() {
        downstream.hits("s1-3", 0.9, "s2-4", 0.8);
        downstream.segments(Map.of("s1-3", List.of("s1-2", "s1-3", "s1-4")));

        RetrievalResponse response = channel.search(
                QUESTION,
                request -> request.setMode(SearchMode.SEARCH_MODE_DIRECT).setContextBy(ContextBy.CONTEXT_BY_SEGMENT));

        assertThat(response.getClustersList())
                .filteredOn(cluster -> cluster.getNucleusId().equals("s1-3"))
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(episode -> episode.getId())
                        .containsExactly("s1-2", "s1-3", "s1-4"));
        // Without a tree, a nucleus stands alone.
        assertThat(response.getClustersList())
                .filteredOn(cluster -> cluster.getNucleusId().equals("s2-4"))
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(episode -> episode.getId())
                        .containsExactly("s2-4"));
        assertThat(downstream.contextRequests()).singleElement().satisfies(context -> {
            assertThat(context.getBefore()).isEqualTo(11);
            assertThat(context.getAfter()).isEqualTo(11);
        });
    }

    private RetrievalResponse treeSearch() {
        return channel.search(
                QUESTION,
                request -> request.setMode(SearchMode.SEARCH_MODE_SEGTREE)
                        .setFilter(SearchFilter.newBuilder().addSessionIds("s1").addSessionIds("s2")));
    }
}
