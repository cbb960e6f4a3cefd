package dev.engram.profile.service;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.testing.ScriptedLlmResource;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import dev.engram.testing.ScriptedLlm;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Extraction by an LLM behind a local OpenAI-compatible endpoint that answers from a script. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(ScriptedLlmResource.class)
class LlmExtractionTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    ScriptedLlm llm;

    @AfterEach
    void answerNothingAgain() {
        llm.answer("{\"commands\": []}");
    }

    @Test
    void the_llms_commands_are_applied_and_invalid_ones_are_rejected_one_by_one() {
        Worker.drain(worker);
        String user = newUser();
        String first = user + ":1";
        llm.answer("""
                Here you go:
                ```json
                {"commands": [
                  {"op": "add", "subject": "Caroline", "tag": "identity", "feature": "gender identity",
                   "value": "transgender woman", "evidence": ["%1$s"], "confidence": 0.9},
                  {"op": "add", "subject": "Caroline", "tag": "astrology", "feature": "sign", "value": "leo",
                   "evidence": ["%1$s"]},
                  {"op": "add", "subject": "Caroline", "tag": "work", "feature": "job", "value": "counselor",
                   "evidence": ["someone-elses-episode"]},
                  {"op": "rewrite", "subject": "Caroline", "tag": "work", "feature": "job", "value": "x",
                   "evidence": ["%1$s"]},
                  {"op": "add", "subject": "Caroline", "tag": "location", "feature": "home", "value": "Boston",
                   "evidence": ["%1$s"], "confidence": "high"}
                ]}
                ```""".formatted(first));
        profile.observe(
                observe(said(user, first, "Caroline", "As a trans woman in Boston, I ...", "2023-05-08T13:56:00Z")));

        Worker.drain(worker);

        assertThat(current(user)).singleElement().satisfies(entry -> {
            assertThat(entry.getFeature()).isEqualTo("gender identity");
            assertThat(entry.getValue()).isEqualTo("transgender woman");
            assertThat(entry.getSource()).isEqualTo("llm");
            assertThat(entry.getConfidence()).isEqualTo(0.9f);
            assertThat(entry.getEvidenceList()).containsExactly(first);
        });
        List<ScriptedLlm.Call> calls = llm.callsMentioning(first);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).model()).isEqualTo(ScriptedLlmResource.MODEL);
        assertThat(calls.get(0).prompt()).contains("Caroline: As a trans woman in Boston");
    }

    @Test
    void an_update_from_the_llm_closes_the_current_value_and_the_prompt_shows_the_current_profile() {
        Worker.drain(worker);
        String user = newUser();
        llm.answer(command("update", user + ":1", "Boston"));
        profile.observe(observe(said(user, user + ":1", "Anna", "Boston is home.", "2023-01-01T00:00:00Z")));
        Worker.drain(worker);
        llm.answer(command("update", user + ":2", "Denver"));
        profile.observe(observe(said(user, user + ":2", "Anna", "Denver now!", "2023-09-01T00:00:00Z")));
        Worker.drain(worker);

        assertThat(current(user)).extracting(ProfileEntry::getValue).containsExactly("Denver");
        assertThat(profile.getHistory(GetHistoryRequest.newBuilder()
                                .setScope(scope(user))
                                .build())
                        .getEntriesList())
                .extracting(ProfileEntry::getValue)
                .containsExactly("Boston", "Denver");
        assertThat(llm.callsMentioning(user + ":2").get(0).prompt()).contains("Anna | location | home = Boston");
    }

    @Test
    void a_failing_llm_falls_back_to_the_rules() {
        Worker.drain(worker);
        String user = newUser();
        llm.failWith(500);
        profile.observe(observe(said(user, user + ":1", "Jon", "I'm a dancer.", "2023-01-01T00:00:00Z")));

        Worker.drain(worker);

        assertThat(current(user)).singleElement().satisfies(entry -> {
            assertThat(entry.getValue()).isEqualTo("dancer");
            assertThat(entry.getSource()).isEqualTo("rules");
        });
    }

    @Test
    void an_answer_that_is_not_a_command_list_falls_back_to_the_rules() {
        Worker.drain(worker);
        String user = newUser();
        llm.answer("Sorry, I cannot help with that.");
        profile.observe(observe(said(user, user + ":1", "Gina", "I'm a vegan.", "2023-01-01T00:00:00Z")));

        Worker.drain(worker);

        assertThat(current(user)).singleElement().satisfies(entry -> {
            assertThat(entry.getFeature()).isEqualTo("diet");
            assertThat(entry.getSource()).isEqualTo("rules");
        });
    }

    private static String command(String op, String evidence, String value) {
        return """
                {"commands": [{"op": "%s", "subject": "Anna", "tag": "location", "feature": "home",
                  "value": "%s", "evidence": ["%s"]}]}""".formatted(op, value, evidence);
    }

    private List<ProfileEntry> current(String user) {
        return profile.getProfile(
                        GetProfileRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }
}
