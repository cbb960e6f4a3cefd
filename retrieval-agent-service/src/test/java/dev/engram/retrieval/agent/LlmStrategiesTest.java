package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.ScriptedAgentLlm;
import dev.engram.retrieval.support.ScriptedLlmResource;
import dev.engram.retrieval.support.SearchChannel;
import dev.engram.testing.ScriptedLlm;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The strategies with an LLM: a local OpenAI-compatible server answers the agent's prompts as
 * scripted. The service allows 2 LLM calls per search and a 2 s timeout here.
 */
@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
@WithTestResource(ScriptedLlmResource.class)
class LlmStrategiesTest {

    private static final String QUESTION = "Where does the sister of Caroline's friend live?";
    private static final String TWO_PEOPLE = "What do Caroline and Melanie like to paint?";

    @InjectFakeDownstream
    FakeDownstream downstream;

    ScriptedAgentLlm llm;

    @TestHTTPResource
    URL url;

    private SearchChannel channel;

    @BeforeEach
    void connect() {
        downstream.reset();
        llm.reset();
        channel = new SearchChannel(url);
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @Test
    void auto_follows_tool_select_and_splits_as_the_llm_says() {
        llm.answer(ScriptedAgentLlm.ROUTE, "SPLIT");
        llm.answer(
                ScriptedAgentLlm.SPLIT,
                "```json\n{\"queries\": [\"What does Caroline paint?\", \"What does Melanie paint?\"]}\n```");

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(llm.calls(ScriptedAgentLlm.ROUTE))
                .singleElement()
                .satisfies(call -> assertThat(call.user()).contains(TWO_PEOPLE));
        assertThat(llm.calls(ScriptedAgentLlm.SPLIT))
                .singleElement()
                .satisfies(call -> assertThat(call.user()).contains(TWO_PEOPLE));
        assertThat(queries())
                .containsExactlyInAnyOrder(TWO_PEOPLE, "What does Caroline paint?", "What does Melanie paint?");
        assertThat(response.getTrace().getMode()).isEqualTo("split");
        assertThat(response.getTrace().getReason()).isEqualTo("llm: the question is SPLIT");
        assertThat(response.getTrace().getLlmCalls()).isEqualTo(2);
        assertThat(response.getTrace().getTokensIn()).isEqualTo(2L * ScriptedLlm.PROMPT_TOKENS);
        assertThat(response.getTrace().getTokensOut()).isEqualTo(2L * ScriptedLlm.COMPLETION_TOKENS);
        assertThat(response.getTrace().getStageMsMap()).containsKeys("llm_route", "llm_split", "vector_search");
    }

    @Test
    void the_llm_picks_the_strategy_and_the_hits_of_a_question_asking_for_several_things_stand_alone() {
        llm.answer(ScriptedAgentLlm.ROUTE, "DIRECT");
        downstream.hits("s2-3", 0.9, "s2-5", 0.5);

        RetrievalResponse response = channel.search(
                "Which cities has Melanie visited?",
                r -> r.setMode(SearchMode.SEARCH_MODE_AUTO).setBefore(1).setAfter(2));

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(response.getTrace().getReason())
                .isEqualTo("llm: the question is DIRECT; it asks for several things, so each hit stands alone");
        assertThat(SearchChannel.nucleusIds(response)).containsExactly("s2-3", "s2-5");
        assertThat(SearchChannel.episodeIds(response)).containsExactly("s2-3", "s2-5");
    }

    @Test
    void the_rules_that_replace_an_unusable_route_still_let_the_hits_of_a_list_question_stand_alone() {
        llm.answer(ScriptedAgentLlm.ROUTE, "Probably a list.");
        downstream.hits("s2-3", 0.9, "s2-5", 0.5);

        RetrievalResponse response = channel.search(
                "Which cities has Melanie visited?",
                r -> r.setMode(SearchMode.SEARCH_MODE_AUTO).setBefore(1).setAfter(2));

        assertThat(response.getTrace().getReason())
                .isEqualTo("the LLM gave no usable route; rules: one question, searched again in the words of what it"
                        + " asks about; it asks for several things, so each hit stands alone");
        assertThat(SearchChannel.episodeIds(response)).containsExactlyInAnyOrder("s2-3", "s2-5");
    }

    @Test
    void an_answer_that_is_not_a_route_falls_back_to_the_rules() {
        llm.answer(ScriptedAgentLlm.ROUTE, "Probably a multi-part question.");

        RetrievalResponse response = channel.search(
                "when did Caroline go to the support group?", r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getMode()).isEqualTo("chain");
        assertThat(response.getTrace().getReason()).startsWith("the LLM gave no usable route; rules:");
        assertThat(response.getClustersCount()).isPositive();
    }

    @Test
    void the_chain_searches_the_llms_next_query_until_the_evidence_suffices() {
        llm.answer(
                ScriptedAgentLlm.CHAIN,
                "{\"is_sufficient\": false, \"evidence_indices\": [1], \"new_query\": \"Where does Anna live?\","
                        + " \"confidence\": 0.4}",
                "{\"is_sufficient\": true, \"evidence_indices\": [1, 3], \"new_query\": \"\", \"confidence\": 0.9}");
        downstream.hitsFor("Where does Anna live?", "s2-4", 0.9);

        RetrievalResponse response = channel.search(QUESTION, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(queries()).containsExactly(QUESTION, "Where does Anna live?");
        List<ScriptedLlm.Call> judged = llm.calls(ScriptedAgentLlm.CHAIN);
        assertThat(judged).hasSize(2);
        assertThat(judged.get(0).user()).contains(QUESTION).contains("[1] Caroline: message s1-3");
        assertThat(judged.get(1).user()).contains("[3] Melanie: message s2-4");
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4");
        assertThat(response.getTrace().getLlmCalls()).isEqualTo(2);
    }

    @Test
    void the_chain_stops_when_the_llm_repeats_a_query() {
        llm.answer(
                ScriptedAgentLlm.CHAIN,
                "{\"is_sufficient\": false, \"evidence_indices\": [], \"new_query\": \"" + QUESTION + "\","
                        + " \"confidence\": 0.2}");

        channel.search(QUESTION, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        assertThat(queries()).containsExactly(QUESTION);
    }

    @Test
    void past_the_budget_the_chain_goes_on_with_feedback_terms() {
        llm.answer(ScriptedAgentLlm.ROUTE, "CHAIN");
        llm.answer(
                ScriptedAgentLlm.CHAIN,
                "{\"is_sufficient\": false, \"evidence_indices\": [1], \"new_query\": \"Where does Anna live?\","
                        + " \"confidence\": 0.4}");
        downstream.hitsFor("Where does Anna live?", "s2-4", 0.9);

        RetrievalResponse response = channel.search(QUESTION, r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getLlmCalls()).as(queries().toString()).isEqualTo(2);
        assertThat(llm.calls()).hasSize(2);
        List<String> asked = queries();
        assertThat(asked).as("queries asked").hasSize(3);
        assertThat(asked.get(1)).isEqualTo("Where does Anna live?");
        assertThat(asked.get(2)).startsWith(QUESTION + " ");
    }

    @Test
    void an_llm_that_fails_leaves_the_search_to_the_rules() {
        llm.failWith(500);

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_SPLIT));

        assertThat(queries()).hasSize(3).contains("What do Caroline like to paint?");
        assertThat(response.getClustersCount()).isPositive();
        assertThat(response.getTrace().getLlmCalls()).isPositive();
    }

    @Test
    void an_llm_that_answers_too_late_leaves_the_search_to_the_rules() {
        llm.delay(6_000);
        llm.answer(ScriptedAgentLlm.ROUTE, "CHAIN");

        RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(SearchMode.SEARCH_MODE_AUTO));

        assertThat(response.getTrace().getMode()).isEqualTo("split");
        assertThat(response.getTrace().getReason()).startsWith("the LLM gave no usable route; rules:");
        assertThat(response.getClustersCount()).isPositive();
    }

    @Test
    void garbage_from_the_llm_never_fails_a_search() {
        llm.answer(ScriptedAgentLlm.ROUTE, "{{{");
        llm.answer(ScriptedAgentLlm.SPLIT, "{\"queries\": \"not a list\"}");
        llm.answer(ScriptedAgentLlm.CHAIN, "{\"is_sufficient\": \"maybe\", \"evidence_indices\": [99, -1]}");

        for (SearchMode mode :
                List.of(SearchMode.SEARCH_MODE_AUTO, SearchMode.SEARCH_MODE_SPLIT, SearchMode.SEARCH_MODE_CHAIN)) {
            RetrievalResponse response = channel.search(TWO_PEOPLE, r -> r.setMode(mode));

            assertThat(response.getClustersCount()).as(mode.name()).isPositive();
        }
    }

    private List<String> queries() {
        return downstream.vectorRequests().stream()
                .map(VectorSearchRequest::getQuery)
                .toList();
    }
}
