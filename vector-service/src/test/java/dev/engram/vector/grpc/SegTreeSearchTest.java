package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.SegmentsRequest;
import dev.engram.proto.v1.SegmentsResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorHit;
import dev.engram.vector.segtree.SegmentTree;
import dev.engram.vector.segtree.UserTrees;
import dev.engram.vector.store.VectorStore;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SegTreeSearch over real gRPC with the real model and index: trees follow indexing (in order and late),
 * deletion and a restart of the held trees (built again from the index), the filter holds, and the topic of
 * a precise hit lifts its other turns.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class SegTreeSearchTest {

    @TestHTTPResource("/")
    URL server;

    @Inject
    UserTrees trees;

    @Inject
    VectorStore store;

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
    void a_user_without_episodes_has_no_trees() {
        SegTreeSearchResponse found =
                calls.segTreeSearch("nobody", "What did Maya adopt?", SearchFilter.getDefaultInstance());

        assertThat(found.getEpisodes()).isZero();
        assertThat(found.getRankedList()).isEmpty();
    }

    @Test
    void every_episode_is_ranked_and_the_hits_topic_follows_it() {
        indexConversation("u");

        SegTreeSearchResponse found =
                calls.segTreeSearch("u", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());

        assertThat(found.getEpisodes()).isEqualTo(6);
        assertThat(found.getTrees()).isEqualTo(2);
        assertThat(found.getNodes()).isGreaterThan(6);
        assertThat(found.getSteps()).isEqualTo(2);
        assertThat(found.getStageUsMap()).containsKeys("trees", "embed", "score", "rank");
        assertThat(ids(found.getRankedList()).get(0)).isEqualTo("e-1");
        // The other dog turns of the first session come before the garden.
        assertThat(ids(found.getRankedList()).indexOf("e-2"))
                .isLessThan(ids(found.getRankedList()).indexOf("e-5"));
        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("engram_vector_segtree_stage_seconds_count{stage=\"score\"}");
    }

    @Test
    void each_episode_has_its_segment_in_the_order_said() {
        indexConversation("u");

        SegmentsResponse segments = calls.stub()
                .segments(SegmentsRequest.newBuilder()
                        .setScope(calls.scope("u"))
                        .addEpisodeIds("e-2")
                        .addEpisodeIds("e-5")
                        .addEpisodeIds("unknown")
                        .build());

        assertThat(segments.getSegmentsMap()).containsOnlyKeys("e-2", "e-5");
        assertThat(segments.getSegmentsMap().get("e-2").getEpisodeIdsList())
                .contains("e-2")
                .allMatch(id -> List.of("e-1", "e-2", "e-3").contains(id));
        assertThat(segments.getSegmentsMap().get("e-5").getEpisodeIdsList())
                .contains("e-5")
                .allMatch(id -> List.of("e-4", "e-5", "e-6").contains(id));
        List<String> held = heldEpisodes("u");
        assertThat(held)
                .containsSubsequence(segments.getSegmentsMap().get("e-2").getEpisodeIdsList());
    }

    @Test
    void the_filter_holds() {
        indexConversation("u");

        SegTreeSearchResponse found = calls.segTreeSearch(
                "u",
                "Which dog did Maya adopt?",
                SearchFilter.newBuilder().addSessionIds("s2").build());

        assertThat(found.getRankedList())
                .isNotEmpty()
                .allSatisfy(hit -> assertThat(hit.getSessionId()).isEqualTo("s2"));
    }

    @Test
    void late_and_deleted_episodes_keep_the_trees_in_time_order() {
        indexConversation("u");
        calls.segTreeSearch("u", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance());
        // Said between e-1 and e-2, indexed last.
        calls.index(calls.episode("u", "s1", "e-late", "Leo", "Beagles need long walks every day.", 30));
        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("u"))
                        .addEpisodeIds("e-3")
                        .build());

        List<String> held = heldEpisodes("u");
        assertThat(held).containsExactly("e-1", "e-late", "e-2");

        // Built again from the index, the trees hold the same episodes in the same order.
        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("other"))
                        .build());
        trees.removed(calls.project, "u", "");
        assertThat(heldEpisodes("u")).isEqualTo(held);
        assertThat(calls.segTreeSearch("u", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance())
                        .getEpisodes())
                .isEqualTo(6);

        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("u").toBuilder().setSessionId("s1"))
                        .build());
        assertThat(calls.segTreeSearch("u", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance())
                        .getTrees())
                .isEqualTo(1);
    }

    /** The episodes of the held tree of the first session, in tree order; built from the index if not held. */
    private List<String> heldEpisodes(String user) {
        return trees.read(
                calls.project,
                user,
                () -> store.leaves(calls.project, user),
                held -> held.stream()
                        .map(SegmentTree::root)
                        .map(SegmentTree.Node::episodes)
                        .filter(episodes -> episodes.contains("e-1"))
                        .findFirst()
                        .orElse(List.of()));
    }

    private void indexConversation(String user) {
        calls.index(
                episode(user, "s1", "e-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0),
                episode(user, "s1", "e-2", "Leo", "A beagle puppy! Does Biscuit sleep in your bed?", 60),
                episode(user, "s1", "e-3", "Maya", "He sleeps in a basket next to the dog toys.", 120),
                episode(user, "s2", "e-4", "Leo", "How is the garden doing?", 86_400),
                episode(user, "s2", "e-5", "Maya", "My garden needs new tulips and roses.", 86_460),
                episode(user, "s2", "e-6", "Leo", "Roses like a sunny spot.", 86_520));
    }

    private Episode episode(String user, String session, String id, String speaker, String content, long offset) {
        return calls.episode(user, session, id, speaker, content, offset);
    }

    private static List<String> ids(List<VectorHit> hits) {
        return hits.stream().map(VectorHit::getEpisodeId).toList();
    }
}
