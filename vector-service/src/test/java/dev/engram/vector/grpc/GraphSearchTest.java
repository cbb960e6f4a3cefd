package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GraphSearch over real gRPC with the real model and index: facts are derived on indexing, the walk reaches
 * episodes the question does not name but that share a rare word with the one it hits, the filter holds for
 * what the walk answers, and deletion and re-indexing keep the graph in step with the episodes.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class GraphSearchTest {

    @TestHTTPResource("/")
    URL server;

    private ChatCalls calls;

    @BeforeEach
    void connect() {
        calls = new ChatCalls(server);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        calls.close();
    }

    @Test
    void a_user_without_facts_has_an_empty_graph() {
        GraphSearchResponse found = graphSearch("nobody", "What did Maya adopt?", SearchFilter.getDefaultInstance());

        assertThat(found.getFacts()).isZero();
        assertThat(found.getPrimaryList()).isEmpty();
        assertThat(found.getWalkedList()).isEmpty();
    }

    @Test
    void the_walk_reaches_what_the_hit_is_linked_to() {
        indexConversation("maya");

        GraphSearchResponse found = graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());

        assertThat(found.getFacts()).isEqualTo(5 + FILLER.size());
        assertThat(found.getSeeds()).isEqualTo(10);
        assertThat(found.getTouched()).isGreaterThan(found.getSeeds());
        assertThat(found.getPrimaryList().get(0).getEpisodeId()).isEqualTo("e-1");
        // "Biscuit" links the adoption to the vet visit in another session, which the question does not name.
        assertThat(ids(found.getWalkedList())).contains("e-1", "e-4");
        assertThat(found.getPrimaryList().get(0).getText()).startsWith("Maya adopted a beagle");
        assertThat(found.getStageUsMap()).containsKeys("graph", "primary", "walk");
    }

    @Test
    void every_stage_is_measured() {
        indexConversation("maya");
        graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());

        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();

        for (String stage : List.of("graph", "primary", "walk")) {
            assertThat(metrics)
                    .contains("engram_vector_graph_stage_seconds_count{stage=\"" + stage + "\"}")
                    .contains("engram_vector_graph_stage_seconds{stage=\"" + stage + "\",quantile=\"0.95\"}");
        }
    }

    @Test
    void what_the_walk_answers_stays_within_the_filter() {
        indexConversation("maya");

        GraphSearchResponse found = graphSearch(
                "maya",
                "Which dog did Maya adopt?",
                SearchFilter.newBuilder().addSessionIds("s1").build());

        assertThat(ids(found.getWalkedList())).isNotEmpty().doesNotContain("e-4", "e-5");
        assertThat(found.getWalkedList())
                .allSatisfy(hit -> assertThat(hit.getSessionId()).isEqualTo("s1"));
        assertThat(found.getPrimaryList())
                .allSatisfy(hit -> assertThat(hit.getSessionId()).isEqualTo("s1"));
    }

    @Test
    void deleted_episodes_leave_no_fact_and_are_never_walked_to() {
        indexConversation("maya");
        graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());

        stub().delete(VectorDeleteRequest.newBuilder()
                .setScope(scope("maya"))
                .addEpisodeIds("e-4")
                .build());

        GraphSearchResponse found = graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());
        assertThat(found.getFacts()).isEqualTo(4 + FILLER.size());
        assertThat(ids(found.getWalkedList())).doesNotContain("e-4");

        stub().delete(VectorDeleteRequest.newBuilder().setScope(scope("maya")).build());
        assertThat(stub().count(VectorCountRequest.newBuilder()
                                .setScope(scope("maya"))
                                .build())
                        .getFacts())
                .isZero();
        assertThat(graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance())
                        .getFacts())
                .isZero();
    }

    @Test
    void indexing_again_rebuilds_the_facts_of_the_held_graph() {
        indexConversation("maya");
        graphSearch("maya", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());

        index(episode("maya", "s2", "e-4", "Leo", "I went sailing with my uncle.", 5000));

        GraphSearchResponse found = graphSearch("maya", "Who went sailing?", SearchFilter.getDefaultInstance());
        assertThat(found.getFacts()).isEqualTo(5 + FILLER.size());
        assertThat(found.getPrimaryList().get(0).getEpisodeId()).isEqualTo("e-4");
        assertThat(found.getPrimaryList().get(0).getText()).isEqualTo("Leo went sailing with Leo's uncle.");
    }

    private void indexConversation(String user) {
        index(
                episode(user, "s1", "e-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0),
                episode(user, "s1", "e-2", "Leo", "That is lovely news!", 60),
                episode(user, "s1", "e-3", "Maya", "The weather has been rainy all week.", 120),
                episode(user, "s2", "e-4", "Leo", "Did Biscuit like the vet on Tuesday?", 86_400),
                episode(user, "s2", "e-5", "Maya", "My garden needs new tulips.", 86_460));
        for (int i = 0; i < FILLER.size(); i++) {
            index(episode(user, "s3", "f-" + i, i % 2 == 0 ? "Maya" : "Leo", FILLER.get(i), 172_800 + 60L * i));
        }
    }

    /** Turns about other things, so that the question's hits are fewer than the user's facts. */
    private static final List<String> FILLER = List.of(
            "The train to Porto was late again.",
            "I finished reading a novel about sailors.",
            "My cousin is getting married in June.",
            "We should try the new ramen place.",
            "The marathon training is going well.",
            "I repainted the kitchen blue.",
            "Chess club meets on Thursdays now.",
            "My laptop battery died during the meeting.",
            "The museum had a great exhibit on glass.",
            "I am learning to bake sourdough bread.",
            "Our team won the quiz night.",
            "The hiking boots finally arrived.");

    private GraphSearchResponse graphSearch(String user, String query, SearchFilter filter) {
        return calls.graphSearch(user, query, filter);
    }

    private VectorServiceGrpc.VectorServiceBlockingStub stub() {
        return calls.stub();
    }

    private void index(Episode... episodes) {
        calls.index(episodes);
    }

    private Scope scope(String user) {
        return calls.scope(user);
    }

    private Episode episode(String user, String session, String id, String speaker, String content, long offset) {
        return calls.episode(user, session, id, speaker, content, offset);
    }

    private static List<String> ids(List<VectorHit> hits) {
        return hits.stream().map(VectorHit::getEpisodeId).toList();
    }
}
