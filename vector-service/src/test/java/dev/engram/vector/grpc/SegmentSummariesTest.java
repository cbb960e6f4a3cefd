package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorHit;
import dev.engram.testing.ScriptedLlm;
import dev.engram.vector.segtree.SegmentSummary;
import dev.engram.vector.segtree.llm.SegmentSummaryQueue;
import dev.engram.vector.store.VectorStore;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Segment summaries written by a scripted OpenAI-compatible LLM, over real gRPC with the real model and index:
 * what they are asked about, how a question about the topic reaches the segment's turns through them, what
 * deletions and new writes do to them, and what an LLM that fails leaves behind.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
@WithTestResource(SegmentLlmResource.class)
class SegmentSummariesTest {

    private static final Pattern SEGMENT = Pattern.compile("(?m)^(S\\d+): (\\d+) - (\\d+)$");
    private static final Pattern MESSAGE = Pattern.compile("(?m)^(\\d+) \\| [^|]* \\| (.*)$");

    @TestHTTPResource("/")
    URL server;

    ScriptedLlm llm;

    @Inject
    SegmentSummaryQueue queue;

    @Inject
    VectorStore store;

    private ChatCalls calls;

    @BeforeEach
    void connect() {
        calls = new ChatCalls(server);
        llm.reset();
        llm.answer("I cannot summarize that.");
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        calls.close();
    }

    @Test
    void a_question_about_the_topic_reaches_the_segment_through_its_summary() {
        indexSettled();
        SegTreeSearchResponse before = search("honeymoon");
        assertThat(before.getSummaries()).isZero();
        assertThat(store.summaries(calls.project, "u", "trip")).isEmpty();
        long units = store.count(calls.project, "u").units();

        llm.reset();
        llm.answer(SegmentSummariesTest::summarizeByTopic);
        summarizeSettled("trip");

        List<SegmentSummary> summaries = store.summaries(calls.project, "u", "trip");
        assertThat(summaries).isNotEmpty().allSatisfy(summary -> {
            assertThat(summary.episodeIds()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(summary.text()).contains("honeymoon");
        });
        assertThat(llm.calls()).singleElement().satisfies(call -> {
            assertThat(call.user()).contains("Lisbon").doesNotContain("sourdough");
            assertThat(call.system()).contains("segment");
        });
        assertThat(store.count(calls.project, "u").units())
                .as("summaries are not units")
                .isEqualTo(units);
        SegTreeSearchResponse after = search("honeymoon");
        assertThat(after.getSummaries()).isPositive();
        assertThat(after.getStageUsMap()).containsKey("summaries");
        assertThat(after.getRanked(0).getEpisodeId()).startsWith("t-");
        assertThat(score(after, "t-1")).isGreaterThan(score(before, "t-1"));
        assertThat(score(after, "b-1")).isEqualTo(score(before, "b-1"));
        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("engram_vector_segtree_summaries_runs_total{outcome=\"written\"}");
    }

    @Test
    void only_segments_without_a_summary_of_their_run_are_asked_about() {
        indexSettled();
        llm.answer(SegmentSummariesTest::summarizeByTopic);
        summarizeSettled("trip");
        int asked = llm.calls().size();

        summarizeSettled("trip");
        assertThat(llm.calls()).as("nothing changed, nothing asked").hasSize(asked);

        long before = queue.settled();
        calls.index(episode("trip", "t-5", "Maya", "We could take the old tram up to the castle in Lisbon.", 240));
        awaitSettled(before + 1);
        assertThat(llm.calls()).as("the grown segment is asked about again").hasSize(asked + 1);
        assertThat(store.summaries(calls.project, "u", "trip"))
                .anySatisfy(summary -> assertThat(summary.episodeIds()).contains("t-5"));
    }

    @Test
    void deleting_an_episode_or_its_session_takes_the_summaries_over_it_along() {
        indexSettled();
        llm.answer(SegmentSummariesTest::summarizeByTopic);
        summarizeSettled("trip");
        summarizeSettled("bread");
        assertThat(store.summaries(calls.project, "u", "trip"))
                .anySatisfy(summary -> assertThat(summary.episodeIds()).contains("t-2"));

        delete(VectorDeleteRequest.newBuilder().addEpisodeIds("t-2"));

        assertThat(store.summaries(calls.project, "u", "trip"))
                .noneSatisfy(summary -> assertThat(summary.episodeIds()).contains("t-2"));
        assertThat(search("honeymoon").getRankedList())
                .extracting(VectorHit::getEpisodeId)
                .doesNotContain("t-2");

        delete(VectorDeleteRequest.newBuilder()
                .setScope(calls.scope("u").toBuilder().setSessionId("bread")));

        assertThat(store.summaries(calls.project, "u", "bread")).isEmpty();
    }

    @Test
    void an_episode_deleted_while_the_llm_answers_does_not_come_back_through_a_summary() {
        indexSettled();
        llm.answer(SegmentSummariesTest::summarizeByTopic);
        llm.delay(1_000);
        long before = queue.settled();
        queue.offer(calls.project, "u", "trip");
        delete(VectorDeleteRequest.newBuilder().addEpisodeIds("t-2"));

        awaitSettled(before + 1);

        assertThat(store.summaries(calls.project, "u", "trip"))
                .noneSatisfy(summary -> assertThat(summary.episodeIds()).contains("t-2"));
    }

    @Test
    void an_answer_is_taken_summary_by_summary_and_a_non_answer_changes_nothing() {
        indexSettled();
        llm.answer("""
                {"summaries": [{"segment": "S1", "summary": "Maya and Leo plan a honeymoon."},
                  {"segment": "S99", "summary": "A segment nobody asked about."},
                  {"segment": "S1", "summary": "The same segment again."},
                  {"segment": "S2", "summary": ""}]}""");
        summarizeSettled("trip");

        assertThat(store.summaries(calls.project, "u", "trip"))
                .singleElement()
                .extracting(SegmentSummary::text)
                .isEqualTo("Maya and Leo plan a honeymoon.");

        llm.answer("Sorry, I cannot help with that.");
        summarizeSettled("bread");
        llm.failWith(500);
        summarizeSettled("bread");

        assertThat(store.summaries(calls.project, "u", "bread")).isEmpty();
        assertThat(search("sourdough").getRanked(0).getEpisodeId()).startsWith("b-");
        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("engram_vector_segtree_summaries_runs_total{outcome=\"fallback\"}");
    }

    /** A summary per asked segment: the trip's say "honeymoon", a word none of its turns has. */
    private static String summarizeByTopic(ScriptedLlm.Call call) {
        Map<Integer, String> messages = new HashMap<>();
        Matcher message = MESSAGE.matcher(call.user());
        while (message.find()) {
            messages.put(Integer.parseInt(message.group(1)), message.group(2));
        }
        List<String> entries = new ArrayList<>();
        Matcher segment = SEGMENT.matcher(call.user());
        while (segment.find()) {
            boolean trip = false;
            for (int i = Integer.parseInt(segment.group(2)); i <= Integer.parseInt(segment.group(3)); i++) {
                trip |= messages.getOrDefault(i, "").contains("Lisbon");
            }
            String summary = trip
                    ? "Maya and Leo plan their honeymoon in Portugal."
                    : "Leo learns to bake sourdough bread from Maya.";
            entries.add("{\"segment\": \"" + segment.group(1) + "\", \"summary\": \"" + summary + "\"}");
        }
        return "{\"summaries\": [" + String.join(", ", entries) + "]}";
    }

    /** Indexes both sessions and waits until the LLM was asked (and refused) about each. */
    private void indexSettled() {
        long before = queue.settled();
        calls.index(
                episode("trip", "t-1", "Maya", "I booked our flights to Lisbon for the first week of June.", 0),
                episode("trip", "t-2", "Leo", "Lisbon in June! Did you find a hotel near the river?", 60),
                episode("trip", "t-3", "Maya", "A small hotel in Alfama with a view of the Lisbon river.", 120),
                episode("trip", "t-4", "Leo", "Then we should book a dinner with fado music in Lisbon.", 180),
                episode("bread", "b-1", "Leo", "My sourdough loaf came out flat again.", 86_400),
                episode("bread", "b-2", "Maya", "Your starter may be too young; feed it twice a day.", 86_460),
                episode("bread", "b-3", "Leo", "Should I bake the sourdough in a cast iron pot?", 86_520),
                episode("bread", "b-4", "Maya", "Yes, a hot pot with a lid gives the loaf a crisp crust.", 86_580));
        awaitSettled(before + 2);
    }

    private void summarizeSettled(String session) {
        long before = queue.settled();
        queue.offer(calls.project, "u", session);
        awaitSettled(before + 1);
    }

    private void awaitSettled(long runs) {
        Settled.await(queue::settled, runs);
    }

    private void delete(VectorDeleteRequest.Builder request) {
        if (!request.hasScope()) {
            request.setScope(calls.scope("u"));
        }
        calls.stub().delete(request.build());
    }

    private SegTreeSearchResponse search(String query) {
        return calls.segTreeSearch("u", query, SearchFilter.getDefaultInstance());
    }

    private static double score(SegTreeSearchResponse found, String episodeId) {
        return found.getRankedList().stream()
                .filter(hit -> hit.getEpisodeId().equals(episodeId))
                .findFirst()
                .orElseThrow()
                .getScore();
    }

    private dev.engram.proto.v1.Episode episode(String session, String id, String speaker, String content, long at) {
        return calls.episode("u", session, id, speaker, content, at);
    }
}
