package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.testing.ScriptedLlm;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.llm.LlmFactQueue;
import dev.engram.vector.store.VectorStore;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Facts written by an LLM behind a local OpenAI-compatible endpoint that answers from a script, over real gRPC
 * with the real model and index: the LLM's facts replace the rules', updates and skips act on the known facts
 * it was shown, malformed decisions are rejected one by one, and whatever fails leaves the rules' facts.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
@WithTestResource(ScriptedLlmResource.class)
class LlmFactsTest {

    @TestHTTPResource("/")
    URL server;

    @Inject
    VectorStore store;

    @Inject
    LlmFactQueue queue;

    ScriptedLlm llm;

    private ChatCalls calls;

    @BeforeEach
    void connect() {
        calls = new ChatCalls(server);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        calls.close();
        llm.reset();
        llm.answer(ScriptedLlmResource.NOTHING);
    }

    @Test
    void the_llms_facts_replace_the_rules_facts_of_the_batch() {
        llm.answer("""
                ```json
                {"facts": [
                  {"op": "add", "text": "Maya adopted a beagle named Biscuit on 2023-05-07.",
                   "evidence": ["e-1"], "when": "2023-05-07", "event": "Maya adopts Biscuit"},
                  {"op": "add", "text": "Leo was happy about Biscuit.", "evidence": ["e-1", "e-2"],
                   "event": "Maya adopts Biscuit"}
                ]}
                ```""");

        indexSettled(
                calls.episode("u", "s1", "e-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0),
                calls.episode("u", "s1", "e-2", "Leo", "That is lovely news!", 60));

        assertThat(facts("u"))
                .extracting(Fact::text)
                .containsExactlyInAnyOrder(
                        "Maya adopted a beagle named Biscuit on 2023-05-07.", "Leo was happy about Biscuit.");
        Fact adoption = fact("u", "Maya adopted");
        assertThat(adoption.factId()).isEqualTo("e-1#w0");
        assertThat(adoption.evidence()).containsExactly("e-1");
        assertThat(adoption.from()).isEqualTo(LocalDate.of(2023, 5, 7));
        assertThat(adoption.event()).isEqualTo("Maya adopts Biscuit");
        assertThat(adoption.keywords()).contains("beagl", "biscuit");
        // Held by the later of its episodes, resting on both, dated by the day it was said.
        Fact joy = fact("u", "Leo was happy");
        assertThat(joy.episodeId()).isEqualTo("e-2");
        assertThat(joy.evidence()).containsExactly("e-2", "e-1");
        assertThat(joy.from()).isEqualTo(LocalDate.of(2023, 5, 8));

        assertThat(llm.calls()).singleElement().satisfies(call -> {
            assertThat(call.model()).isEqualTo("scripted-model");
            assertThat(call.prompt())
                    .contains("e-1 | 2023-05-08T13:00:00Z | Maya -> Leo: I adopted a beagle called Biscuit yesterday.")
                    .contains("Known facts")
                    .contains("(none)");
        });
        GraphSearchResponse found =
                calls.graphSearch("u", "What dog did Maya adopt?", SearchFilter.getDefaultInstance());
        assertThat(found.getFacts()).isEqualTo(2);
        assertThat(found.getPrimaryList().get(0).getEpisodeId()).isEqualTo("e-1");
        assertThat(found.getPrimaryList().get(0).getText())
                .isEqualTo("Maya adopted a beagle named Biscuit on 2023-05-07.");
    }

    @Test
    void an_update_replaces_the_known_fact_and_a_skip_adds_nothing() {
        llm.answer("""
                {"facts": [{"op": "add", "text": "Maya lives in Boston.", "evidence": ["m-1"]}]}""");
        indexSettled(calls.episode("u", "s1", "m-1", "Maya", "Boston has been my home for years.", 0));
        String boston = fact("u", "Boston").factId();

        llm.answer("""
                {"facts": [{"op": "update", "fact_id": "%s", "text": "Maya moved from Boston to Denver in April 2023.",
                  "evidence": ["m-2"], "when": "2023-04-01..2023-04-30"}]}""".formatted(boston));
        indexSettled(calls.episode("u", "s2", "m-2", "Maya", "I moved from Boston to Denver last month!", 86_400));

        assertThat(llm.callsMentioning("m-2").get(0).prompt())
                .contains(boston + " | 2023-05-08 | Maya lives in Boston.");
        assertThat(facts("u")).singleElement().satisfies(moved -> {
            assertThat(moved.text()).isEqualTo("Maya moved from Boston to Denver in April 2023.");
            assertThat(moved.evidence()).containsExactly("m-2", "m-1");
            assertThat(moved.evidenceSessions()).containsExactly("s2", "s1");
            assertThat(moved.from()).isEqualTo(LocalDate.of(2023, 4, 1));
            assertThat(moved.to()).isEqualTo(LocalDate.of(2023, 4, 30));
        });

        String denver = fact("u", "Denver").factId();
        llm.answer("""
                {"facts": [{"op": "skip", "fact_id": "%s", "evidence": ["m-3"]}]}""".formatted(denver));
        indexSettled(calls.episode("u", "s3", "m-3", "Maya", "Denver is where I live now, since I moved.", 172_800));
        assertThat(facts("u")).extracting(Fact::factId).containsExactly(denver);

        // The merged fact goes with the session of either of its episodes.
        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("u").toBuilder().setSessionId("s1"))
                        .build());
        assertThat(facts("u")).isEmpty();
        assertThat(calls.stub()
                        .count(VectorCountRequest.newBuilder()
                                .setScope(calls.scope("u"))
                                .build())
                        .getFacts())
                .isZero();
    }

    @Test
    void malformed_decisions_are_rejected_one_by_one() {
        llm.answer("""
                {"facts": [
                  {"op": "add", "text": "Maya plays the cello.", "evidence": ["c-1"]},
                  {"op": "add", "text": "Someone else's fact.", "evidence": ["another-users-episode"]},
                  {"op": "update", "fact_id": "no-such-fact", "text": "x", "evidence": ["c-1"]},
                  {"op": "rewrite", "text": "y", "evidence": ["c-1"]},
                  {"op": "add", "text": "Maya practises daily.", "evidence": ["c-1"], "when": "every day"},
                  {"op": "add", "evidence": ["c-1"]}
                ]}""");

        indexSettled(calls.episode("u", "s1", "c-1", "Maya", "I play the cello every day.", 0));

        assertThat(facts("u")).extracting(Fact::text).containsExactly("Maya plays the cello.");
    }

    @Test
    void an_answer_that_is_not_a_fact_list_leaves_the_rules_facts() {
        llm.answer("I'm sorry, I can't help with that.");
        indexSettled(calls.episode("u", "s1", "r-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0));
        assertRulesFacts("u");

        llm.answer("""
                {"facts": [{"op": "update", "fact_id": "unknown", "text": "x", "evidence": ["r-2"]}]}""");
        indexSettled(calls.episode("u", "s1", "r-2", "Leo", "What breed is Biscuit?", 60));
        assertThat(facts("u")).extracting(Fact::factId).containsExactlyInAnyOrder("r-1#f1", "r-2#f1");
    }

    @Test
    void a_failing_or_silent_llm_leaves_the_rules_facts() {
        llm.failWith(500);
        indexSettled(calls.episode("u", "s1", "x-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0));
        assertRulesFacts("u");

        llm.reset();
        llm.delay(5_000);
        indexSettled(calls.episode("v", "s1", "x-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0));
        assertRulesFacts("v");
        assertThat(calls.graphSearch("v", "Which dog did Maya adopt?", SearchFilter.getDefaultInstance())
                        .getPrimary(0)
                        .getEpisodeId())
                .isEqualTo("x-1");
    }

    @Test
    void an_episode_deleted_while_the_llm_answers_does_not_come_back_through_its_facts() {
        llm.answer("""
                {"facts": [{"op": "add", "text": "Maya adopted Biscuit.", "evidence": ["d-1"]}]}""");
        llm.delay(1_000);
        long before = queue.settled();
        calls.index(calls.episode("u", "s1", "d-1", "Maya", "I adopted a beagle called Biscuit yesterday.", 0));
        calls.stub()
                .delete(VectorDeleteRequest.newBuilder()
                        .setScope(calls.scope("u"))
                        .addEpisodeIds("d-1")
                        .build());

        awaitSettled(before + 1);

        assertThat(llm.calls()).hasSize(1);
        assertThat(facts("u")).isEmpty();
    }

    private void assertRulesFacts(String user) {
        assertThat(facts(user)).isNotEmpty().allSatisfy(fact -> {
            assertThat(fact.factId()).contains("#f");
            assertThat(fact.event()).isEmpty();
        });
    }

    private void indexSettled(dev.engram.proto.v1.Episode... episodes) {
        long before = queue.settled();
        calls.index(episodes);
        awaitSettled(before + 1);
    }

    private void awaitSettled(long batches) {
        Settled.await(queue::settled, batches);
    }

    private List<Fact> facts(String user) {
        return store.facts(calls.project, user);
    }

    private Fact fact(String user, String saying) {
        return facts(user).stream()
                .filter(fact -> fact.text().contains(saying))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no fact says " + saying + ": " + facts(user)));
    }
}
