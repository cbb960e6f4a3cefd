package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.ContentView;
import dev.engram.proto.v1.CueTag;
import dev.engram.proto.v1.CueView;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.NavigationResult;
import dev.engram.proto.v1.ReconstructStep;
import dev.engram.proto.v1.ReconstructTrace;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SearchMode;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.ScriptedAgentLlm;
import dev.engram.retrieval.support.ScriptedLlmResource;
import dev.engram.retrieval.support.SearchChannel;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code mode: reconstruct} navigated by the LLM, step by step, against a scripted vector-service graph and the
 * scripted OpenAI-compatible server (2 LLM calls per search, 2 s timeout): what each step carries out, what the LLM
 * is shown, and how a navigator that loops, names what it was never shown, answers garbage or fails is handled.
 * Beside the direct search: the chain's judgement would share the 2 LLM calls a search has here with the navigator.
 */
@QuarkusTest
@TestProfile(ReconstructStrategyTest.BesideDirect.class)
@WithTestResource(FakeDownstreamResource.class)
@WithTestResource(ScriptedLlmResource.class)
class LlmNavigatorTest {

    private static final String QUESTION = "Which dog did Caroline adopt?";

    private static final String OPEN_ADOPT = """
            {"actions": [{"op": "open", "cue": "caroline", "tag": "adopt"}], "sufficient": false, "useful": []}""";

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
        downstream.hits("s1-8", 0.9);
        downstream.reconstruct(40, List.of("s1-6", 1.0));
        downstream.navigation(
                40,
                NavigationResult.newBuilder()
                        .setAction(action("start", "", "", ""))
                        .addCues(CueView.newBuilder()
                                .setCue("caroline")
                                .setContents(12)
                                .addTags(tag("adopt", 2))
                                .addTags(tag("paint", 5)))
                        .build(),
                NavigationResult.newBuilder()
                        .setAction(action("open", "caroline", "adopt", ""))
                        .addContents(content("s1-3#f1", "Caroline adopted a beagle named Rufus.", "2023-05-08"))
                        .addContents(content("s2-4#f2", "Caroline adopted a second dog, Bella.", "2023-07-01"))
                        .setMore(1)
                        .build(),
                NavigationResult.newBuilder()
                        .setAction(action("topic", "", "", "s2-4#f2"))
                        .addContents(content("s2-5#f1", "Bella came from the shelter on Elm Street.", ""))
                        .build());
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @Test
    void the_llm_chooses_each_step_sees_what_it_opened_and_ranks_what_helps_first() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, OPEN_ADOPT, """
                Here: {"actions": [], "sufficient": true, "useful": ["F2"]}""");

        RetrievalResponse response = reconstruct();

        ReconstructTrace trace = response.getTrace().getReconstruct();
        assertThat(trace.getNavigator()).isEqualTo("llm");
        assertThat(trace.getStopped()).isEqualTo("sufficient");
        assertThat(trace.getStepsList()).extracting(ReconstructStep::getAction).containsExactly("start", "open");
        assertThat(trace.getSteps(0).getCuesList()).containsExactly("caroline");
        assertThat(trace.getSteps(1).getOpenedList()).containsExactly("s1-3#f1", "s2-4#f2");
        assertThat(response.getTrace().getLlmCalls()).isEqualTo(2);
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4", "s1-8");

        var calls = llm.calls(ScriptedAgentLlm.NAVIGATE);
        assertThat(calls.get(0).user()).contains(QUESTION, "caroline (12): adopt 2, paint 5", "(none yet)");
        assertThat(calls.get(1).user())
                .contains("F1 (2023-05-08) Caroline adopted a beagle named Rufus.")
                .contains("F2 (2023-07-01) Caroline adopted a second dog, Bella.")
                .contains("open cue=caroline tag=adopt: opened F1, F2, 1 more");
        // The last call ranks what was opened, what the LLM called useful first.
        assertThat(downstream
                        .navigateRequests()
                        .get(downstream.navigateRequests().size() - 1)
                        .getOpenedList())
                .containsExactly("s2-4#f2", "s1-3#f1");
        assertThat(downstream.reconstructRequests()).isEmpty();
    }

    @Test
    void a_content_is_followed_by_the_label_the_llm_was_shown() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, OPEN_ADOPT, """
                {"actions": [{"op": "topic", "fact": "F2"}], "sufficient": false, "useful": ["F2"]}""");

        RetrievalResponse response = reconstruct();

        ReconstructTrace trace = response.getTrace().getReconstruct();
        assertThat(trace.getStepsList())
                .extracting(ReconstructStep::getAction)
                .containsExactly("start", "open", "topic");
        assertThat(trace.getSteps(2).getOpenedList()).containsExactly("s2-5#f1");
        assertThat(trace.getStopped()).isEqualTo("budget");
        assertThat(downstream.navigateRequests().get(2).getActions(0).getFactId())
                .isEqualTo("s2-4#f2");
        assertThat(SearchChannel.nucleusIds(response)).contains("s2-5");
    }

    @Test
    void a_navigator_that_asks_again_for_what_it_did_is_stopped() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, OPEN_ADOPT, OPEN_ADOPT);

        ReconstructTrace trace = reconstruct().getTrace().getReconstruct();

        assertThat(trace.getStopped()).isEqualTo("loop");
        assertThat(trace.getSteps(trace.getStepsCount() - 1).getError()).isEqualTo("repeated");
        assertThat(downstream.navigateRequests())
                .filteredOn(request -> request.getActionsCount() > 0)
                .hasSize(2);
    }

    @Test
    void unknown_cues_facts_and_ops_are_traced_not_followed() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, """
                {"actions": [{"op": "open", "cue": "bob"}, {"op": "topic", "fact": "F9"}, {"op": "fly"}],
                 "sufficient": false}""", """
                {"actions": [{"op": "cues", "fact": "F1"}], "sufficient": false}""");

        ReconstructTrace trace = reconstruct().getTrace().getReconstruct();

        assertThat(trace.getStepsList())
                .extracting(ReconstructStep::getAction, ReconstructStep::getError)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("start", ""),
                        org.assertj.core.groups.Tuple.tuple("open", "unknown_cue"),
                        org.assertj.core.groups.Tuple.tuple("topic", "unknown_fact"),
                        org.assertj.core.groups.Tuple.tuple("fly", "unknown_op"),
                        org.assertj.core.groups.Tuple.tuple("cues", "unknown_fact"));
        // Only the cue went to vector-service: a label never shown and an unknown op are refused here.
        assertThat(downstream.navigateRequests().get(1).getActionsList())
                .extracting(NavigationAction::getOp)
                .containsExactly("open");
        assertThat(llm.calls(ScriptedAgentLlm.NAVIGATE).get(1).user()).contains("open cue=bob: not done (unknown_cue)");
    }

    @Test
    void garbage_or_a_failed_first_answer_leaves_the_navigation_to_the_heuristic() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, "I would open the cue caroline.");

        RetrievalResponse garbage = reconstruct();

        assertThat(garbage.getTrace().getReconstruct().getNavigator()).isEqualTo("heuristic");
        assertThat(garbage.getTrace().getReconstruct().getStopped()).isEqualTo("no_gain");
        assertThat(SearchChannel.nucleusIds(garbage)).contains("s1-6");

        llm.failWith(500);
        RetrievalResponse failed = reconstruct();

        assertThat(failed.getTrace().getReconstruct().getNavigator()).isEqualTo("heuristic");
        assertThat(downstream.reconstructRequests()).hasSize(2);
    }

    @Test
    void garbage_after_the_first_step_ends_with_what_was_opened() {
        llm.answer(ScriptedAgentLlm.NAVIGATE, OPEN_ADOPT, "{\"sufficient\": \"maybe\"}");

        RetrievalResponse response = reconstruct();

        assertThat(response.getTrace().getReconstruct().getStopped()).isEqualTo("llm_failed");
        assertThat(response.getTrace().getReconstruct().getNavigator()).isEqualTo("llm");
        assertThat(SearchChannel.nucleusIds(response)).contains("s1-3", "s2-4");
        assertThat(downstream.reconstructRequests()).isEmpty();
    }

    @Test
    void a_user_without_facts_is_searched_directly() {
        downstream.navigation(0);
        llm.answer(ScriptedAgentLlm.NAVIGATE, OPEN_ADOPT);

        RetrievalResponse response = reconstruct();

        assertThat(response.getTrace().getMode()).isEqualTo("direct");
        assertThat(llm.calls(ScriptedAgentLlm.NAVIGATE)).isEmpty();
    }

    private RetrievalResponse reconstruct() {
        return channel.search(QUESTION, request -> request.setMode(SearchMode.SEARCH_MODE_RECONSTRUCT));
    }

    private static NavigationAction action(String op, String cue, String tag, String factId) {
        return NavigationAction.newBuilder()
                .setOp(op)
                .setCue(cue)
                .setTag(tag)
                .setFactId(factId)
                .build();
    }

    private static CueTag tag(String tag, int contents) {
        return CueTag.newBuilder().setTag(tag).setContents(contents).build();
    }

    private static ContentView content(String factId, String text, String from) {
        return ContentView.newBuilder()
                .setFactId(factId)
                .setText(text)
                .setTag("adopt")
                .addCues("caroline")
                .setFrom(from)
                .build();
    }
}
