package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.retrieval.support.Conversation;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.SearchChannel;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The strategies with no LLM configured: the rule-based router, splitter and feedback chain. */
@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class RuleBasedStrategiesTest {

    private static final String TWO_PEOPLE = "What do Caroline and Melanie like to paint?";
    private static final String RELATION = "What is the name of Caroline's sister?";
    private static final String SEVERAL = "What activities does Melanie partake in?";
    // Names someone who never speaks in the memory, so the chain has no person hop to take.
    private static final String STRANGER = "What is the name of Jordan's sister?";

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    private SearchChannel channel;

    @Inject
    KnownSpeakers knownSpeakers;

    @BeforeEach
    void connect() {
        downstream.reset();
        // Every test searches the same user: each starts as the user's first search.
        knownSpeakers.forgetAll();
        channel = new SearchChannel(url);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @Test
    void split_searches_the_question_and_one_query_per_named_person() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_SPLIT));

        List<String> expected =
                List.of(TWO_PEOPLE, "What do Caroline like to paint?", "What do Melanie like to paint?");
        assertThat(queries()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(response.getTrace().getQueriesList()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(response.getTrace().getMode()).isEqualTo("split");
        assertThat(response.getTrace().getLlmCalls()).isZero();
    }

    @Test
    void split_merges_what_each_sub_query_found() {
        downstream.hits("s1-3", 0.9);
        downstream.hitsFor("What do Melanie like to paint?", "s2-4", 0.8);

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_SPLIT));

        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4");
    }

    @Test
    void a_question_without_parts_is_searched_once_in_split_mode() {
        downstream.hits("s1-3", 0.9);

        channel.search("when did Caroline go to the support group?", r -> r.setMode(SearchMode.SEARCH_MODE_SPLIT));

        assertThat(queries()).containsExactly("when did Caroline go to the support group?");
    }

    @Test
    void chain_asks_again_with_terms_from_the_first_rounds_evidence() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);

        RetrievalResponse response = channel.search(STRANGER, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        List<String> asked = queries();
        assertThat(asked).hasSizeBetween(2, 3);
        assertThat(asked.get(0)).isEqualTo(STRANGER);
        assertThat(asked.get(1)).startsWith(STRANGER + " ").contains("message");
        assertThat(response.getTrace().getQueriesList()).containsExactlyElementsOf(asked);
        assertThat(response.getTrace().getMode()).isEqualTo("chain");
    }

    @Test
    void a_feedback_round_is_ranked_by_the_meaning_of_its_own_words() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);

        channel.search(STRANGER, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(downstream.vectorRequests())
                .hasSizeGreaterThan(1)
                .allSatisfy(request -> assertThat(request.getMeaningQuery()).isEmpty());
    }

    @Test
    void chain_searches_the_named_speakers_own_words_in_the_first_person() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        downstream.hitsFor("I painted", "s2-4", 0.9);

        channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        List<VectorSearchRequest> requests = downstream.vectorRequests();
        assertThat(requests.get(0).getFilter().getProducersList()).isEmpty();
        assertThat(requests.get(1).getQuery()).isEqualTo("I painted");
        // A rewrite means something else than the question: it is embedded for itself.
        assertThat(requests.get(1).getMeaningQuery()).isEmpty();
        assertThat(requests.get(1).getFilter().getProducersList()).containsExactly("Melanie");
        // The person's own words end the chain: no feedback round follows.
        assertThat(requests).hasSize(2);
    }

    @Test
    void once_the_users_speakers_are_known_the_person_hop_runs_alongside_the_first_round() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        downstream.hitsFor("I painted", "s2-4", 0.9);
        channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));
        downstream.reset();
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        downstream.hitsFor("I painted", "s2-4", 0.9);
        downstream.holdSearchesTogether(2);

        RetrievalResponse response =
                channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(downstream.searchesArrivedTogether()).isTrue();
        assertThat(queries()).containsExactlyInAnyOrder("What has Melanie painted?", "I painted");
        // The trace lists the rounds in their order, the question first.
        assertThat(response.getTrace().getQueriesList()).containsExactly("What has Melanie painted?", "I painted");
        assertThat(SearchChannel.nucleusIds(response)).contains("s2-4", "s1-3");
    }

    @Test
    void a_person_hop_alongside_that_finds_nothing_leaves_the_chain_to_go_on_with_feedback() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));
        downstream.reset();
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        // Melanie is known to speak in this memory, but nothing of hers is within this search's reach.
        downstream.hitsFor("I painted");

        RetrievalResponse response =
                channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        List<String> asked = queries();
        assertThat(asked).hasSizeGreaterThan(2);
        assertThat(asked.subList(0, 2)).containsExactlyInAnyOrder("What has Melanie painted?", "I painted");
        assertThat(asked.get(2)).startsWith("What has Melanie painted? ");
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3");
    }

    @Test
    void the_person_hop_leaves_a_request_that_already_chooses_speakers_alone() {
        downstream.hits("s1-3", 0.9);

        channel.search(
                "What has Melanie painted?",
                r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN)
                        .setFilter(SearchFilter.newBuilder().addProducers("Caroline")));

        assertThat(downstream.vectorRequests())
                .extracting(VectorSearchRequest::getQuery)
                .doesNotContain("I painted");
        assertThat(downstream.vectorRequests())
                .allSatisfy(request ->
                        assertThat(request.getFilter().getProducersList()).containsExactly("Caroline"));
    }

    @Test
    void chain_keeps_the_evidence_of_every_round() {
        downstream.hitsFor(RELATION, "s1-3", 0.9);
        downstream.hits("s2-4", 0.9);

        RetrievalResponse response = channel.search(RELATION, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4");
    }

    @Test
    void chain_stops_when_the_evidence_adds_no_new_term() {
        channel.search(STRANGER, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(queries()).containsExactly(STRANGER);
    }

    @Test
    void auto_chains_a_question_that_reaches_someone_through_a_relation() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = channel.search(RELATION, r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason()).startsWith("rules:");
    }

    @Test
    void auto_splits_a_question_about_two_named_people() {
        downstream.hits("s1-3", 0.9);

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getMode()).isEqualTo("split");
        assertThat(response.getTrace().getQueriesList()).hasSize(3);
    }

    @Test
    void auto_chains_a_question_asking_for_several_things_and_lets_each_hit_stand_alone() {
        // Two turns apart: with neighbours, s2-5 would join s2-3's cluster as a matching neighbour.
        downstream.hits("s2-3", 0.9, "s2-5", 0.5);

        RetrievalResponse response = channel.search(
                SEVERAL,
                r -> r.setMode(SearchMode.SEARCH_MODE_AUTO).setBefore(1).setAfter(2));

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason())
                .isEqualTo("rules: one question, searched again in the words of what it asks about"
                        + "; it asks for several things, so each hit stands alone");
        assertThat(response.getClustersList())
                .allSatisfy(cluster -> assertThat(cluster.getEpisodesList())
                        .singleElement()
                        .extracting(Episode::getId)
                        .isEqualTo(cluster.getNucleusId()));
        assertThat(SearchChannel.nucleusIds(response)).contains("s2-3", "s2-5");
        // Only one turn each side is read, to see which hits touch.
        assertThat(downstream.contextRequests()).allSatisfy(context -> {
            assertThat(context.getBefore()).isEqualTo(1);
            assertThat(context.getAfter()).isEqualTo(1);
        });
    }

    @Test
    void a_question_asking_for_several_things_keeps_the_neighbours_its_request_chose() {
        downstream.hits("s2-3", 0.9, "s2-5", 0.5);

        RetrievalResponse response = channel.search(
                SEVERAL,
                r -> r.setMode(SearchMode.SEARCH_MODE_AUTO)
                        .setBefore(1)
                        .setAfter(2)
                        .setNeighbours(Neighbours.NEIGHBOURS_MATCHING));

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason()).doesNotContain("stands alone");
        assertThat(response.getClustersList())
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(Episode::getId)
                        .containsExactly("s2-3", "s2-5"));
    }

    @Test
    void a_direct_search_of_a_question_asking_for_several_things_keeps_its_neighbours() {
        downstream.hits("s2-3", 0.9, "s2-5", 0.5);

        RetrievalResponse response = channel.search(
                SEVERAL,
                r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT).setBefore(1).setAfter(2));

        assertThat(response.getClustersList())
                .singleElement()
                .satisfies(cluster -> assertThat(cluster.getEpisodesList())
                        .extracting(Episode::getId)
                        .containsExactly("s2-3", "s2-5"));
    }

    @Test
    void every_strategy_reads_only_the_users_own_memory() {
        downstream.hits("s1-3", 0.9, "x-1", 0.8, "s2-2", 0.7);
        for (SearchMode mode : List.of(
                SearchMode.SEARCH_MODE_DIRECT,
                SearchMode.SEARCH_MODE_SPLIT,
                SearchMode.SEARCH_MODE_CHAIN,
                SearchMode.SEARCH_MODE_AUTO)) {
            for (String query : List.of(TWO_PEOPLE, RELATION)) {
                RetrievalResponse response = channel.search(query, r -> r.setMode(mode));

                assertThat(SearchChannel.episodeIds(response)).isNotEmpty().doesNotContain("x-1");
            }
        }
        assertThat(downstream.vectorRequests())
                .extracting(VectorSearchRequest::getScope)
                .containsOnly(Conversation.scope());
        assertThat(downstream.contextRequests())
                .extracting(GetContextRequest::getScope)
                .containsOnly(Conversation.scope());
    }

    private List<String> queries() {
        return downstream.vectorRequests().stream()
                .map(VectorSearchRequest::getQuery)
                .toList();
    }
}
