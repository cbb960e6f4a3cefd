package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.TimeRange;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The service over real gRPC with the real default embedding model; each test owns a fresh project. */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class VectorGrpcServiceTest {

    private static final long T0 = 1_683_550_800L; // 2023-05-08T13:00:00Z

    @TestHTTPResource("/")
    URL server;

    private ManagedChannel channel;
    private final String project = "project-" + UUID.randomUUID();

    @BeforeEach
    void connect() {
        channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void a_paraphrased_question_finds_the_episode_by_meaning() {
        indexThreeTopics();

        // No word of the question occurs in the episode: only the dense retriever can connect them.
        List<VectorHit> hits = search(request("caroline", "Did she get a new dog?", 3));

        assertThat(hits).first().extracting(VectorHit::getEpisodeId).isEqualTo("e-puppy");
        assertThat(hits.get(0).getText()).isEqualTo("Caroline: I adopted a puppy from the animal shelter");
        assertThat(hits.get(0).getUnitId()).isEqualTo("e-puppy#1");
        assertThat(hits.get(0).getSessionId()).isEqualTo("s1");
        assertThat(hits.get(0).getTimestamp().getSeconds()).isEqualTo(T0);
        assertThat(hits).extracting(VectorHit::getScore).isSortedAccordingTo((a, b) -> Float.compare(b, a));
    }

    @Test
    void a_meaning_query_ranks_by_meaning_while_bm25_ranks_the_words_of_the_query() {
        indexThreeTopics();

        // "sunset" is a word of one episode only; the meaning asked for is that of another.
        List<VectorHit> hits = search(request("caroline", "sunset", 2).toBuilder()
                .setMeaningQuery("Did she get a new dog?")
                .build());

        assertThat(hits).extracting(VectorHit::getEpisodeId).containsExactlyInAnyOrder("e-puppy", "e-paint");
    }

    @Test
    void an_exact_rare_word_is_found_by_bm25() {
        index(
                episode("caroline", "s1", "e-rare", "Caroline", "My cousin works at Quillfeather in Reykjavik", T0),
                episode("caroline", "s1", "e-2", "Caroline", "My cousin works at a bakery downtown", T0),
                episode("caroline", "s1", "e-3", "Caroline", "My cousin works at the hospital in Oslo", T0),
                episode("caroline", "s1", "e-4", "Caroline", "My cousin works at a software company", T0));

        List<VectorHit> hits = search(request("caroline", "quillfeather", 1));

        assertThat(hits).extracting(VectorHit::getEpisodeId).containsExactly("e-rare");
    }

    @Test
    void two_users_memories_never_mix() {
        index(
                episode("caroline", "s1", "e-c", "Caroline", "My passport number ends in 4471", T0),
                episode("melanie", "s1", "e-m", "Melanie", "My passport number ends in 9032", T0));

        assertThat(search(request("caroline", "passport number", 10)))
                .extracting(VectorHit::getEpisodeId)
                .containsExactly("e-c");
        assertThat(search(request("melanie", "passport number", 10)))
                .extracting(VectorHit::getEpisodeId)
                .containsExactly("e-m");
    }

    @Test
    void session_and_time_filters_bound_the_search() {
        index(
                episode("caroline", "s1", "e-1", "Caroline", "We went camping by the river", T0),
                episode("caroline", "s2", "e-2", "Caroline", "We went camping in the mountains", T0 + 3600),
                episode("caroline", "s3", "e-3", "Caroline", "We went camping at the beach", T0 + 7200));

        VectorSearchRequest inSession = request("caroline", "camping", 10).toBuilder()
                .setScope(scope("caroline").toBuilder().setSessionId("s2"))
                .build();
        assertThat(search(inSession)).extracting(VectorHit::getEpisodeId).containsExactly("e-2");

        VectorSearchRequest anyOfSessions = request("caroline", "camping", 10).toBuilder()
                .setFilter(SearchFilter.newBuilder().addSessionIds("s1").addSessionIds("s3"))
                .build();
        assertThat(search(anyOfSessions)).extracting(VectorHit::getEpisodeId).containsExactlyInAnyOrder("e-1", "e-3");

        VectorSearchRequest inclusiveRange = request("caroline", "camping", 10).toBuilder()
                .setFilter(SearchFilter.newBuilder()
                        .setTimeRange(
                                TimeRange.newBuilder().setFrom(at(T0 + 3600)).setTo(at(T0 + 7200))))
                .build();
        assertThat(search(inclusiveRange)).extracting(VectorHit::getEpisodeId).containsExactlyInAnyOrder("e-2", "e-3");
    }

    @Test
    void re_indexing_the_same_episode_keeps_one_copy() {
        Episode original = episode("caroline", "s1", "e-1", "Caroline", "I moved to Lisbon last spring", T0);
        index(original);
        index(original, original);
        index(original.toBuilder().setContent("I moved to Porto last spring").build());

        assertThat(search(request("caroline", "where did I move", 10)))
                .singleElement()
                .extracting(VectorHit::getText)
                .isEqualTo("Caroline: I moved to Porto last spring");
    }

    @Test
    void query_text_with_lucene_syntax_does_not_fail() {
        index(episode("caroline", "s1", "e-1", "Caroline", "AND then we laughed", T0));

        assertThat(search(request("caroline", "\"*:(AND", 5)))
                .extracting(VectorHit::getEpisodeId)
                .containsExactly("e-1");
    }

    @Test
    void a_search_without_user_is_an_invalid_argument_naming_the_field() {
        VectorSearchRequest noUser = request("caroline", "anything", 5).toBuilder()
                .setScope(Scope.newBuilder().setProject(project))
                .build();

        assertThatThrownBy(() -> search(noUser)).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains("scope.user_id");
        });
    }

    @Test
    void a_limit_outside_1_to_1000_is_an_invalid_argument() {
        for (int limit : new int[] {0, 1001}) {
            assertThatThrownBy(() -> search(request("caroline", "anything", limit)))
                    .isInstanceOfSatisfying(
                            StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
        }
    }

    @Test
    void an_index_request_of_many_megabytes_is_accepted_by_the_transport() {
        // 16 MiB, far above gRPC's 4 MiB default; the missing user makes the service reject it cheaply.
        String content = "x".repeat(32 * 1024);
        IndexRequest.Builder request = IndexRequest.newBuilder();
        for (int i = 0; i < 512; i++) {
            request.addEpisodes(episode("caroline", "s1", "e-" + i, "Caroline", content, T0));
        }
        request.setEpisodes(
                511,
                request.getEpisodes(511).toBuilder().setScope(Scope.newBuilder().setProject(project)));

        assertThatThrownBy(() -> stub().index(request.build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).contains("episodes[511].scope.user_id");
                });
    }

    @Test
    void a_multi_sentence_episode_is_found_by_its_best_sentence_and_its_caption() {
        index(
                episode(
                        "caroline",
                        "s1",
                        "e-day",
                        "Caroline",
                        "The weather was awful. I adopted a puppy from the shelter! [image: a sailboat on a lake at sunset]",
                        T0),
                episode("caroline", "s1", "e-stocks", "Melanie", "Stock prices fell sharply this morning.", T0));

        List<VectorHit> bySentence = search(request("caroline", "Did she get a new dog?", 2));
        List<VectorHit> byCaption = search(request("caroline", "picture of a boat at dusk", 2));

        assertThat(bySentence).first().satisfies(hit -> {
            assertThat(hit.getEpisodeId()).isEqualTo("e-day");
            assertThat(hit.getText()).isEqualTo("Caroline: I adopted a puppy from the shelter!");
        });
        assertThat(byCaption).first().satisfies(hit -> {
            assertThat(hit.getEpisodeId()).isEqualTo("e-day");
            assertThat(hit.getText()).isEqualTo("Caroline shared an image: a sailboat on a lake at sunset");
        });
        assertThat(bySentence).extracting(VectorHit::getEpisodeId).doesNotHaveDuplicates();
    }

    @Test
    void similarity_scores_the_given_episodes_of_the_user_only() {
        index(
                episode("caroline", "s1", "e-puppy", "Caroline", "I adopted a puppy from the animal shelter", T0),
                episode("caroline", "s1", "e-stocks", "Melanie", "Stock prices fell sharply this morning", T0),
                episode("melanie", "s1", "e-other", "Melanie", "I adopted a puppy from the animal shelter", T0));

        Map<String, Float> similarity = stub().similarity(SimilarityRequest.newBuilder()
                        .setScope(scope("caroline"))
                        .setQuery("Did she get a new dog?")
                        .addAllEpisodeIds(List.of("e-puppy", "e-stocks", "e-other"))
                        .build())
                .getSimilarityMap();

        assertThat(similarity).containsOnlyKeys("e-puppy", "e-stocks");
        assertThat(similarity.get("e-puppy")).isGreaterThan(similarity.get("e-stocks"));
    }

    @Test
    void similarity_without_a_query_is_an_invalid_argument() {
        assertThatThrownBy(() -> stub().similarity(SimilarityRequest.newBuilder()
                        .setScope(scope("caroline"))
                        .addEpisodeIds("e-1")
                        .build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).contains("query");
                });
    }

    @Test
    void search_and_index_are_measured() {
        index(episode("caroline", "s1", "e-1", "Caroline", "metrics please", T0));
        search(request("caroline", "metrics", 1));

        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(metrics)
                .contains("engram_vector_search_seconds_count")
                .contains("engram_vector_index_seconds_count")
                .contains("engram_vector_indexed_units_total");
        // Histograms, so that percentiles can be computed across replicas.
        assertThat(metrics)
                .contains("engram_vector_search_seconds_bucket{le=\"0.05\"}")
                .contains("engram_vector_index_seconds_bucket{le=\"+Inf\"}")
                .containsPattern("grpc_server_processing_duration_seconds_bucket\\{.*method=\"Search\".*le=\"0.1\"");
    }

    private VectorServiceGrpc.VectorServiceBlockingStub stub() {
        return VectorServiceGrpc.newBlockingStub(channel)
                .withMaxOutboundMessageSize(64 * 1024 * 1024)
                .withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    private void index(Episode... episodes) {
        int indexed = stub().index(IndexRequest.newBuilder()
                        .addAllEpisodes(List.of(episodes))
                        .build())
                .getIndexed();
        assertThat(indexed).isEqualTo(episodes.length);
    }

    /** A puppy adopted, stock prices, a sunset painted: three episodes that share no topic. */
    private void indexThreeTopics() {
        index(
                episode("caroline", "s1", "e-puppy", "Caroline", "I adopted a puppy from the animal shelter", T0),
                episode("caroline", "s1", "e-stocks", "Melanie", "Stock prices fell sharply this morning", T0),
                episode("caroline", "s1", "e-paint", "Melanie", "I am painting a sunset over the lake", T0));
    }

    private List<VectorHit> search(VectorSearchRequest request) {
        return stub().search(request).getHitsList();
    }

    private VectorSearchRequest request(String user, String query, int limit) {
        return VectorSearchRequest.newBuilder()
                .setScope(scope(user))
                .setQuery(query)
                .setLimit(limit)
                .build();
    }

    private Scope scope(String user) {
        return Scope.newBuilder().setProject(project).setUserId(user).build();
    }

    private Episode episode(String user, String session, String id, String producer, String content, long seconds) {
        return Episode.newBuilder()
                .setId(id)
                .setScope(scope(user).toBuilder().setSessionId(session))
                .setProducer(producer)
                .setContent(content)
                .setTimestamp(at(seconds))
                .build();
    }

    private static Timestamp at(long seconds) {
        return Timestamp.newBuilder().setSeconds(seconds).build();
    }
}
