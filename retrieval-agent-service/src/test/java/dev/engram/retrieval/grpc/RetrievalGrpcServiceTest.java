package dev.engram.retrieval.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Timestamp;
import com.google.rpc.BadRequest;
import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.RetrievalServiceGrpc;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.TimeRange;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.retrieval.support.Conversation;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class RetrievalGrpcServiceTest {

    private static final Neighbours MATCHING = Neighbours.NEIGHBOURS_MATCHING;
    private static final Neighbours ALL = Neighbours.NEIGHBOURS_ALL;

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    private ManagedChannel channel;

    @BeforeEach
    void connect() {
        downstream.reset();
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort())
                .usePlaintext()
                .build();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void clusters_come_best_first_with_their_neighbours_in_session_order() {
        downstream.hits("s2-3", 0.9, "s1-2", 0.7);

        RetrievalResponse response =
                search(r -> r.setBefore(1).setAfter(2).addRerankers("rrf").setNeighbours(ALL));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s2-3", "s1-2");
        assertThat(response.getClusters(0).getScore())
                .isGreaterThan(response.getClusters(1).getScore());
        assertThat(ids(response.getClusters(0))).containsExactly("s2-2", "s2-3", "s2-4", "s2-5");
        assertThat(ids(response.getClusters(1))).containsExactly("s1-1", "s1-2", "s1-3", "s1-4");
        assertThat(response.getClusters(0).getEpisodes(0).getMetadataMap()).containsEntry("dia_id", "s2-2");
        assertThat(response.getContext())
                .startsWith("[2023-05-25 09:01] Melanie: message s2-2\n")
                .contains("[2023-05-25 09:04] Caroline: message s2-5\n\n[2023-05-08 13:50] Caroline: message s1-1");
    }

    @Test
    void a_neighbourhood_meeting_a_full_cluster_keeps_only_what_that_cluster_lacks() {
        downstream.hits("s1-5", 0.8, "s2-1", 0.6, "s1-3", 0.5);

        RetrievalResponse response =
                search(r -> r.setBefore(1).setAfter(2).addRerankers("rrf").setNeighbours(ALL));

        // A cluster grows to one neighbourhood by default (max-merged-windows 1), which s1-5's already fills.
        assertThat(response.getClustersList())
                .extracting(Cluster::getNucleusId)
                .containsExactly("s1-5", "s2-1", "s1-3");
        assertThat(ids(response.getClusters(0))).containsExactly("s1-4", "s1-5", "s1-6", "s1-7");
        assertThat(ids(response.getClusters(1))).containsExactly("s2-1", "s2-2", "s2-3");
        assertThat(ids(response.getClusters(2))).containsExactly("s1-2", "s1-3");
    }

    @Test
    void by_default_a_neighbour_the_search_did_not_hit_is_left_out() {
        downstream.hits("s2-3", 0.9, "s2-4", 0.5);

        RetrievalResponse unspecified = search(r -> r.setBefore(1).setAfter(1));
        RetrievalResponse matching = search(r -> r.setBefore(1).setAfter(1).setNeighbours(MATCHING));

        assertThat(unspecified.getClustersList()).singleElement().satisfies(cluster -> {
            assertThat(cluster.getNucleusId()).isEqualTo("s2-3");
            assertThat(ids(cluster)).containsExactly("s2-3", "s2-4");
        });
        assertThat(unspecified.getContext()).doesNotContain("message s2-2");
        assertThat(matching.getClustersList()).isEqualTo(unspecified.getClustersList());
    }

    @Test
    void neighbours_all_brings_every_neighbour_in_range() {
        downstream.hits("s2-3", 0.9, "s2-4", 0.5);

        RetrievalResponse response = search(r -> r.setBefore(1).setAfter(1).setNeighbours(ALL));

        assertThat(response.getClustersList()).singleElement().satisfies(cluster -> {
            assertThat(cluster.getNucleusId()).isEqualTo("s2-3");
            assertThat(ids(cluster)).containsExactly("s2-2", "s2-3", "s2-4");
        });
        assertThat(response.getContext()).contains("message s2-2");
    }

    @Test
    void a_hit_that_is_not_widened_itself_still_counts_as_a_matching_neighbour() {
        // top_k 1 widens only the best three nuclei; s1-2, the fifth hit, is not among them.
        downstream.hits("s1-1", 0.9, "s2-1", 0.8, "s1-8", 0.7, "s2-5", 0.6, "s1-2", 0.5);

        RetrievalResponse response =
                search(r -> r.setTopK(1).setBefore(0).setAfter(1).addRerankers("rrf"));

        assertThat(downstream.contextRequests().get(0).getEpisodeIdsList()).doesNotContain("s1-2");
        assertThat(response.getClustersList()).singleElement().satisfies(cluster -> {
            assertThat(cluster.getNucleusId()).isEqualTo("s1-1");
            assertThat(ids(cluster)).containsExactly("s1-1", "s1-2");
        });
    }

    @Test
    void top_k_limits_the_clusters_and_the_vector_search_over_fetches() {
        downstream.hits("s1-1", 0.9, "s2-1", 0.8, "s1-8", 0.7);

        RetrievalResponse response = search(r -> r.setTopK(2).setMode(SearchMode.SEARCH_MODE_DIRECT));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-1", "s2-1");
        assertThat(downstream.vectorRequests())
                .singleElement()
                .extracting(VectorSearchRequest::getLimit)
                .isEqualTo(10);
    }

    @Test
    void only_the_best_nuclei_are_widened_to_their_neighbours() {
        downstream.hits(
                "s1-1", 0.9, "s1-3", 0.85, "s1-5", 0.8, "s1-7", 0.75, "s2-1", 0.7, "s2-3", 0.65, "s2-5", 0.6, "s1-8",
                0.55);

        search(r -> r.setTopK(2).setBefore(0).setAfter(0));

        assertThat(downstream.contextRequests().get(0).getEpisodeIdsList())
                .containsExactly("s1-1", "s1-3", "s1-5", "s1-7", "s2-1", "s2-3");
    }

    @Test
    void the_scope_and_filter_reach_both_services() {
        downstream.hits("s1-4", 0.9);
        Scope scope = Conversation.scope().toBuilder()
                .setAgentId("assistant-1")
                .setSessionId(Conversation.SESSION_ONE)
                .build();
        SearchFilter filter = SearchFilter.newBuilder()
                .addSessionIds(Conversation.SESSION_ONE)
                .addProducers("Caroline")
                .putMetadata("dia_id", "s1-4")
                .setTimeRange(
                        TimeRange.newBuilder().setFrom(Timestamp.newBuilder().setSeconds(1683500000)))
                .build();

        search(r -> r.setScope(scope).setFilter(filter).setBefore(1).setAfter(2));

        VectorSearchRequest vector = downstream.vectorRequests().get(0);
        assertThat(vector.getScope()).isEqualTo(scope);
        assertThat(vector.getFilter()).isEqualTo(filter);
        assertThat(vector.getQuery()).isEqualTo("when did we go to the support group?");
        GetContextRequest context = downstream.contextRequests().get(0);
        assertThat(context.getScope()).isEqualTo(scope);
        assertThat(context.getEpisodeIdsList()).containsExactly("s1-4");
        // One more on each side than the cluster keeps, to see which clusters touch.
        assertThat(context.getBefore()).isEqualTo(2);
        assertThat(context.getAfter()).isEqualTo(3);
    }

    @Test
    void every_cluster_carries_the_similarity_of_its_closest_episode_and_its_calibrated_relevance() {
        downstream.hits("s2-3", 0.9, "s1-2", 0.7);
        // The neighbour s1-3 comes closer to the question than its nucleus; s2-3 is about something else.
        downstream.similarity(Map.of("s2-3", 0.40f, "s1-2", 0.70f, "s1-3", 0.85f));

        RetrievalResponse response =
                search(r -> r.setBefore(0).setAfter(1).addRerankers("rrf").setNeighbours(ALL));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s2-3", "s1-2");
        Cluster offTopic = response.getClusters(0);
        Cluster answer = response.getClusters(1);
        assertThat(answer.getSimilarity()).isEqualTo(0.85f);
        assertThat(offTopic.getSimilarity()).isEqualTo(0.40f);
        assertThat(answer.getRelevance()).isBetween(0f, 1f).isGreaterThan(offTopic.getRelevance());
        assertThat(offTopic.getRelevance()).isBetween(0f, 1f);
        assertThat(response.getTrace().getBestRelevance()).isEqualTo(answer.getRelevance());
        assertThat(response.getTrace().getBelowMinRelevance()).isZero();
        assertThat(downstream.similarityQueries()).containsOnly("when did we go to the support group?");
    }

    @Test
    void min_relevance_leaves_out_the_clusters_below_it_and_their_text() {
        downstream.hits("s2-3", 0.9, "s1-2", 0.7);
        downstream.similarity(Map.of("s2-3", 0.40f, "s1-2", 0.85f));
        float between = midway(search(r -> r.setBefore(0).setAfter(0)));

        RetrievalResponse response = search(r -> r.setBefore(0).setAfter(0).setMinRelevance(between));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-2");
        assertThat(response.getContext()).contains("message s1-2").doesNotContain("message s2-3");
        assertThat(response.getTrace().getBelowMinRelevance()).isEqualTo(1);
        assertThat(response.getTrace().getMinRelevance()).isEqualTo(between);
    }

    @Test
    void when_nothing_is_relevant_enough_the_answer_is_empty_and_the_trace_says_how_close_it_came() {
        downstream.hits("s2-3", 0.9, "s1-2", 0.7);
        downstream.similarity(Map.of("s2-3", 0.30f, "s1-2", 0.35f));

        RetrievalResponse response = search(r -> r.setMinRelevance(0.99f));

        assertThat(response.getClustersList()).isEmpty();
        assertThat(response.getContext()).isEmpty();
        assertThat(response.getTrace().getBelowMinRelevance()).isEqualTo(2);
        assertThat(response.getTrace().getBestRelevance()).isBetween(0f, 0.99f);
    }

    @Test
    void min_relevance_outside_zero_to_one_is_refused() {
        assertInvalid(r -> r.setMinRelevance(1.5f), "min_relevance");
        assertInvalid(r -> r.setMinRelevance(-0.1f), "min_relevance");
    }

    private static float midway(RetrievalResponse both) {
        return (both.getClusters(0).getRelevance() + both.getClusters(1).getRelevance()) / 2;
    }

    @Test
    void auto_mode_without_an_llm_chains_a_question_that_has_no_independent_parts() {
        downstream.hits("s1-4", 0.9);

        RetrievalResponse response = search(r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason())
                .isEqualTo("rules: one question, searched again in the words of what it asks about");
        assertThat(response.getTrace().getQueriesList()).first().isEqualTo("when did we go to the support group?");
        assertThat(response.getTrace().getLlmCalls()).isZero();
        assertThat(response.getClustersList()).isNotEmpty();
    }

    @Test
    void a_session_search_returns_its_short_term_memory_and_leaves_its_episodes_out_of_the_clusters() {
        List<Episode> recent = Conversation.episodes().stream()
                .filter(e -> List.of("s1-6", "s1-7", "s1-8").contains(e.getId()))
                .toList();
        downstream.shortTerm(ShortTermMemory.newBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .setSummary("Caroline told Melanie about the support group.")
                .addAllEpisodes(recent)
                .setSummarizedEpisodes(3)
                .build());
        downstream.hits("s1-7", 0.9, "s1-4", 0.8);
        Scope scope = Conversation.scope().toBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .build();

        RetrievalResponse response = search(r -> r.setScope(scope)
                .setIncludeShortTerm(true)
                .setBefore(1)
                .setAfter(2)
                .setNeighbours(ALL));

        assertThat(response.getShortTerm().getSummary()).isEqualTo("Caroline told Melanie about the support group.");
        assertThat(response.getShortTerm().getEpisodesList())
                .extracting(Episode::getId)
                .containsExactly("s1-6", "s1-7", "s1-8");
        assertThat(downstream.shortTermRequests())
                .singleElement()
                .satisfies(r -> assertThat(r.getScope()).isEqualTo(scope));
        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-4");
        assertThat(ids(response.getClusters(0))).containsExactly("s1-3", "s1-4", "s1-5");
        assertThat(response.getContext())
                .startsWith("Earlier in this session: Caroline told Melanie about the support group.\n\n")
                .contains("message s1-8\n\n[2023-05-08 13:52] Caroline: message s1-3");
    }

    @Test
    void a_hit_the_short_term_memory_shows_is_no_matching_neighbour_and_joins_no_clusters() {
        downstream.shortTerm(ShortTermMemory.newBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .addAllEpisodes(Conversation.episodes().stream()
                        .filter(e -> e.getId().equals("s1-4"))
                        .toList())
                .build());
        downstream.hits("s1-2", 0.9, "s1-6", 0.8, "s1-4", 0.7);
        Scope scope = Conversation.scope().toBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .build();

        RetrievalResponse response = search(r -> r.setScope(scope)
                .setIncludeShortTerm(true)
                .setBefore(2)
                .setAfter(2)
                .addRerankers("rrf"));

        // s1-4 lies within reach of both nuclei, but it is shown in short-term memory, not here.
        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-2", "s1-6");
        assertThat(ids(response.getClusters(0))).containsExactly("s1-2");
        assertThat(ids(response.getClusters(1))).containsExactly("s1-6");
    }

    @Test
    void short_term_memory_is_not_read_without_a_session_or_when_not_asked_for() {
        downstream.hits("s1-4", 0.9);

        RetrievalResponse withoutSession = search(r -> r.setIncludeShortTerm(true));
        Scope scope = Conversation.scope().toBuilder()
                .setSessionId(Conversation.SESSION_ONE)
                .build();
        RetrievalResponse notAsked = search(r -> r.setScope(scope));

        assertThat(withoutSession.hasShortTerm()).isFalse();
        assertThat(notAsked.hasShortTerm()).isFalse();
        assertThat(downstream.shortTermRequests()).isEmpty();
    }

    @Test
    void the_default_rerankers_lift_the_cluster_that_covers_more_of_the_question() {
        downstream.hits("s2-1", 0.9, "s1-3", 0.8);

        RetrievalResponse byRetrieval =
                search(r -> r.setQuery("message s1-4").setBefore(0).setAfter(0).addRerankers("rrf"));
        RetrievalResponse byWords = search(r -> r.setQuery("message s1-4")
                .setBefore(0)
                .setAfter(1)
                .addRerankers("bm25")
                .setNeighbours(ALL));

        assertThat(byRetrieval.getClustersList())
                .extracting(Cluster::getNucleusId)
                .containsExactly("s2-1", "s1-3");
        assertThat(byWords.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-3", "s2-1");
    }

    @Test
    void the_embedding_reranker_lifts_a_cluster_whose_neighbour_is_closest_by_meaning() {
        downstream.hits("s2-1", 0.9, "s1-3", 0.8);
        downstream.similarity(Map.of("s2-1", 0.6f, "s2-2", 0.5f, "s1-3", 0.4f, "s1-4", 0.9f));

        RetrievalResponse response =
                search(r -> r.setBefore(0).setAfter(1).addRerankers("embedding").setNeighbours(ALL));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-3", "s2-1");
    }

    @Test
    void an_unknown_reranker_is_an_invalid_argument_naming_the_field() {
        downstream.hits("s1-4", 0.9);

        assertThatThrownBy(() -> search(r -> r.addRerankers("magic")))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription())
                            .contains("rerankers")
                            .contains("magic");
                });
    }

    @Test
    void direct_mode_is_traced_as_requested() {
        downstream.hits("s1-4", 0.9);

        RetrievalResponse response = search(r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT));

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(response.getTrace().getReason()).isEqualTo("direct search requested");
    }

    @Test
    void nothing_found_gives_no_clusters_and_no_context() {
        RetrievalResponse response = search(UnaryOperator.identity());

        assertThat(response.getClustersList()).isEmpty();
        assertThat(response.getContext()).isEmpty();
        assertThat(downstream.contextRequests()).isEmpty();
    }

    @Test
    void invalid_requests_are_rejected_naming_the_field() {
        assertInvalid(r -> r.setScope(Conversation.scope().toBuilder().clearProject()), "scope.project");
        assertInvalid(r -> r.setScope(Conversation.scope().toBuilder().clearUserId()), "scope.user_id");
        assertInvalid(r -> r.setQuery(" "), "query");
        assertInvalid(r -> r.setTopK(101), "top_k");
        assertInvalid(r -> r.setTopK(-1), "top_k");
        assertInvalid(r -> r.setBefore(11), "before");
        assertInvalid(r -> r.setAfter(-1), "after");
        assertInvalid(r -> r.setModeValue(42), "mode");
        assertInvalid(r -> r.setNeighboursValue(7), "neighbours");
        assertInvalid(r -> r.setMaxContextTokens(-5), "max_context_tokens");
        assertThat(downstream.vectorRequests()).isEmpty();
    }

    @Test
    void an_unavailable_vector_service_makes_the_search_unavailable() {
        downstream.failVectorSearch(Status.UNAVAILABLE.withDescription("restarting"), Integer.MAX_VALUE);

        StatusRuntimeException failure =
                catchThrowableOfType(StatusRuntimeException.class, () -> search(UnaryOperator.identity()));

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(failure.getStatus().getDescription()).contains("vector Search");
    }

    @Test
    void a_vector_service_unavailable_for_one_attempt_is_retried() {
        downstream.failVectorSearch(Status.UNAVAILABLE, 1);
        downstream.hits("s1-4", 0.9);

        RetrievalResponse response = search(r -> r.setMode(SearchMode.SEARCH_MODE_DIRECT));

        assertThat(response.getClustersList()).extracting(Cluster::getNucleusId).containsExactly("s1-4");
        assertThat(downstream.vectorRequests()).hasSize(2);
    }

    @Test
    void a_rejected_vector_search_is_not_retried() {
        downstream.failVectorSearch(Status.INVALID_ARGUMENT.withDescription("bad filter"), Integer.MAX_VALUE);

        StatusRuntimeException failure =
                catchThrowableOfType(StatusRuntimeException.class, () -> search(UnaryOperator.identity()));

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(downstream.vectorRequests()).hasSize(1);
    }

    private void assertInvalid(UnaryOperator<RetrievalRequest.Builder> change, String field) {
        StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, () -> search(change));

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(failure.getStatus().getDescription()).contains(field);
        com.google.rpc.Status details = StatusProto.fromThrowable(failure);
        assertThat(details).isNotNull();
        assertThat(details.getDetailsList())
                .singleElement()
                .satisfies(any -> assertThat(any.unpack(BadRequest.class).getFieldViolationsList())
                        .extracting(BadRequest.FieldViolation::getField)
                        .containsExactly(field));
    }

    private RetrievalResponse search(UnaryOperator<RetrievalRequest.Builder> change) {
        RetrievalRequest.Builder request = RetrievalRequest.newBuilder()
                .setScope(Conversation.scope())
                .setQuery("when did we go to the support group?");
        return RetrievalServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .search(change.apply(request).build());
    }

    private static List<String> ids(Cluster cluster) {
        return cluster.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
