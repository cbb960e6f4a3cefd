package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.ContentView;
import dev.engram.proto.v1.CueView;
import dev.engram.proto.v1.NavigateRequest;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.NavigationResult;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorHit;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Navigate over real gRPC with the real model and index: the traversal actions an outside navigator takes on the
 * cue-tag-content graph derived from indexed turns, what the filter hides, what deletion takes away, and the
 * ranking of what it opened.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class NavigateTest {

    private static final String QUESTION = "Which dog did Maya adopt?";
    private static final SearchFilter EVERYTHING = SearchFilter.getDefaultInstance();

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
    void a_user_without_facts_has_nothing_to_navigate() {
        NavigateResponse found = navigate("nobody", QUESTION, EVERYTHING, List.of(), action("start", "", "", ""));

        assertThat(found.getFacts()).isZero();
        assertThat(found.getResultsList()).isEmpty();
    }

    @Test
    void a_start_names_the_questions_cues_and_a_cue_and_tag_open_their_contents() {
        indexConversation();

        NavigateResponse started = navigate("maya", QUESTION, EVERYTHING, List.of(), action("start", "", "", ""));
        assertThat(started.getFacts()).isPositive();
        assertThat(started.getIndexSearches()).isZero();
        CueView maya = cue(started.getResults(0), "maya");
        assertThat(maya.getTagsList())
                .anySatisfy(tag -> assertThat(tag.getTag()).isEqualTo("adopt"));

        NavigateResponse opened =
                navigate("maya", QUESTION, EVERYTHING, List.of(), action("open", "maya", "adopt", ""));
        ContentView adoption = opened.getResults(0).getContents(0);
        assertThat(adoption.getFactId()).startsWith("e-1#");
        assertThat(adoption.getText()).startsWith("Maya adopted a beagle");
        assertThat(adoption.getTag()).isEqualTo("adopt");
        assertThat(adoption.getCuesList()).contains("maya", "biscuit");

        // Its cues lead on to the vet visit the question does not name.
        NavigateResponse followed = navigate(
                "maya",
                QUESTION,
                EVERYTHING,
                List.of(adoption.getFactId()),
                action("cues", "", "", adoption.getFactId()),
                action("open", "biscuit", "", ""));
        assertThat(cue(followed.getResults(0), "biscuit").getContents()).isEqualTo(2);
        assertThat(followed.getResults(1).getContentsList())
                .extracting(ContentView::getFactId)
                .as("what was opened before is not shown again")
                .noneMatch(fact -> fact.equals(adoption.getFactId()))
                .anyMatch(fact -> fact.startsWith("e-4#"));
        assertThat(ids(followed.getRankedList())).containsExactly("e-1");
    }

    @Test
    void what_cannot_be_done_says_why_and_the_rest_is_done() {
        indexConversation();

        NavigateResponse found = navigate(
                "maya",
                QUESTION,
                EVERYTHING,
                List.of(),
                action("open", "unicorn", "", ""),
                action("topic", "", "", "e-99#f1"),
                action("jump", "maya", "", ""),
                action("tags", "maya", "", ""));

        assertThat(found.getResultsList())
                .extracting(NavigationResult::getError)
                .containsExactly("unknown_cue", "unknown_fact", "unknown_op", "");
        assertThat(found.getResults(3).getCuesList()).isNotEmpty();
    }

    @Test
    void what_the_filter_excludes_is_never_shown_nor_ranked() {
        indexConversation();
        SearchFilter firstSession =
                SearchFilter.newBuilder().addSessionIds("s1").build();
        String vetVisit = navigate("maya", QUESTION, EVERYTHING, List.of(), action("open", "biscuit", "", ""))
                .getResults(0)
                .getContentsList()
                .stream()
                .map(ContentView::getFactId)
                .filter(fact -> fact.startsWith("e-4#"))
                .findFirst()
                .orElseThrow();

        NavigateResponse found = navigate(
                "maya",
                QUESTION,
                firstSession,
                List.of(vetVisit),
                action("open", "biscuit", "", ""),
                action("cues", "", "", vetVisit));

        assertThat(found.getResults(0).getContentsList())
                .extracting(ContentView::getFactId)
                .isNotEmpty()
                .allMatch(fact -> fact.startsWith("e-1#"));
        assertThat(found.getResults(1).getError()).isEqualTo("unknown_fact");
        assertThat(found.getRankedList()).isEmpty();
    }

    @Test
    void a_deleted_turn_is_no_longer_reached_nor_ranked() {
        indexConversation();
        String adoption = navigate("maya", QUESTION, EVERYTHING, List.of(), action("open", "maya", "adopt", ""))
                .getResults(0)
                .getContents(0)
                .getFactId();

        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("maya"))
                        .addEpisodeIds("e-1")
                        .build());

        NavigateResponse found =
                navigate("maya", QUESTION, EVERYTHING, List.of(adoption), action("open", "biscuit", "", ""));
        assertThat(found.getResults(0).getContentsList())
                .extracting(ContentView::getFactId)
                .noneMatch(fact -> fact.startsWith("e-1#"));
        assertThat(found.getRankedList()).isEmpty();
    }

    @Test
    void a_question_that_names_no_cue_starts_from_the_facts_a_search_hits() {
        indexConversation();

        NavigateResponse found =
                navigate("maya", "Which animal saw a doctor?", EVERYTHING, List.of(), action("start", "", "", ""));

        assertThat(found.getIndexSearches()).isEqualTo(1);
        assertThat(found.getResults(0).getCuesList()).isEmpty();
        assertThat(found.getResults(0).getContentsList()).isNotEmpty();
    }

    private void indexConversation() {
        calls.index(
                calls.episode("maya", "s1", "e-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0),
                calls.episode("maya", "s1", "e-2", "Leo", "That is lovely news!", 60),
                calls.episode("maya", "s1", "e-3", "Maya", "The weather has been rainy all week.", 120),
                calls.episode("maya", "s2", "e-4", "Leo", "Did Biscuit like the vet on Tuesday?", 86_400),
                calls.episode("maya", "s2", "e-5", "Maya", "My garden needs new tulips.", 86_460));
    }

    private NavigateResponse navigate(
            String user, String query, SearchFilter filter, List<String> opened, NavigationAction... actions) {
        return calls.stub()
                .navigate(NavigateRequest.newBuilder()
                        .setScope(calls.scope(user))
                        .setQuery(query)
                        .setLimit(10)
                        .setFilter(filter)
                        .addAllActions(List.of(actions))
                        .addAllOpened(opened)
                        .setContentsPerAction(8)
                        .build());
    }

    private static NavigationAction action(String op, String cue, String tag, String factId) {
        return NavigationAction.newBuilder()
                .setOp(op)
                .setCue(cue)
                .setTag(tag)
                .setFactId(factId)
                .build();
    }

    private static CueView cue(NavigationResult result, String cue) {
        return result.getCuesList().stream()
                .filter(view -> view.getCue().equals(cue))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no cue " + cue + " in " + result));
    }

    private static List<String> ids(List<VectorHit> hits) {
        return hits.stream().map(VectorHit::getEpisodeId).toList();
    }
}
