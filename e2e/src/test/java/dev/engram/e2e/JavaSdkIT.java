package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.engram.sdk.Engram;
import dev.engram.sdk.EngramException;
import dev.engram.sdk.Model.AddResult;
import dev.engram.sdk.Model.Episode;
import dev.engram.sdk.Model.EpisodeChange;
import dev.engram.sdk.Model.EpisodeInput;
import dev.engram.sdk.Model.EpisodeOutcome;
import dev.engram.sdk.Model.SessionSummary;
import dev.engram.sdk.Model.UpdateResult;
import dev.engram.sdk.Model.UserSummary;
import dev.engram.sdk.langchain4j.EngramChatMemoryStore;
import dev.engram.sdk.langchain4j.EngramContentRetriever;
import dev.engram.testing.ScriptedLlm;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Java SDK against the running platform: its calls and errors, and its langchain4j chat memory store and
 * content retriever behind a langchain4j AI service whose model is the scripted OpenAI-compatible server.
 */
@ExtendWith(RunningPlatform.class)
class JavaSdkIT {

    /** An assistant as an application would declare it. */
    interface Assistant {
        String chat(@MemoryId String session, @UserMessage String message);
    }

    @Test
    void the_sdk_adds_searches_reads_and_deletes_and_refuses_with_the_fields() {
        Engram engram = engram("java-sdk");

        AddResult added = engram.add(
                "ana",
                "chat/1",
                List.of(
                        EpisodeInput.of("1", "Ana", "I started learning the cello in January."),
                        EpisodeInput.of("2", "assistant", "How are the lessons going?")),
                true);

        assertThat(added.episodes()).extracting(EpisodeOutcome::status).containsExactly("created", "created");
        assertThat(added.pending()).isNull();
        assertThat(engram.search("ana", "Which instrument is Ana learning?", 3).context())
                .contains("cello");
        assertThat(engram.status("ana").pending()).isZero();
        UpdateResult corrected = engram.updateEpisode(
                "ana", "1", EpisodeChange.content("I started learning the viola in January."), true);
        assertThat(corrected.status()).isEqualTo("updated");
        assertThat(corrected.episode().revision()).isEqualTo(1);
        assertThat(corrected.pending()).isNull();
        assertThat(engram.search("ana", "Which instrument is Ana learning?", 3).context())
                .contains("viola")
                .doesNotContain("cello");
        assertThat(engram.episodes("ana", "chat/1", null, 10).episodes())
                .extracting(Episode::id)
                .containsExactly("1", "2");
        assertThat(engram.shortTerm("ana", "chat/1").episodes()).hasSize(2);
        assertThat(engram.users(null, 10).users())
                .extracting(UserSummary::userId, UserSummary::stored, UserSummary::sessions)
                .containsExactly(tuple("ana", 2L, 1L));
        assertThat(engram.sessions("ana", null, null).sessions())
                .extracting(SessionSummary::sessionId, SessionSummary::episodes)
                .containsExactly(tuple("chat/1", 2L));
        assertThat(engram.me().scopes()).contains("read", "write");
        EngramException invalid = catchThrowableOfType(
                EngramException.class,
                () -> engram.search(Map.of("user_id", "ana", "query", "x", "top_k", 0, "mode", "fast")));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.errors())
                .extracting(EngramException.FieldError::field)
                .containsExactlyInAnyOrder("top_k", "mode");
        assertThat(engram.deleteUser("ana").status()).isIn("complete", "pending");
        assertThat(catchThrowableOfType(EngramException.class, () -> engram.episode("ana", "1"))
                        .status())
                .isEqualTo(404);
    }

    @Test
    void a_langchain4j_assistant_remembers_through_engram() {
        Engram engram = engram("java-lc4j");
        engram.add(
                "sam",
                "last-week",
                List.of(EpisodeInput.of("1", "Sam", "My sister Ines moved to Porto last spring.")),
                true);
        ScriptedLlm llm = new ScriptedLlm("She lives in Porto, by your account.");
        int port = llm.start();
        try {
            Assistant assistant = assistant(engram, llm, port);

            assertThat(assistant.chat("today", "Where does my sister live?")).contains("Porto");

            assertThat(llm.calls().get(0).prompt())
                    .as("what Engram remembered reached the model")
                    .contains("moved to Porto");
            assertThat(engram.episodes("sam", "today", null, 10).episodes())
                    .extracting(Episode::content)
                    .containsExactly("Where does my sister live?", "She lives in Porto, by your account.");

            llm.answer("You asked where your sister lives.");
            Assistant later = assistant(engram, llm, port);
            later.chat("today", "What did I ask you before?");

            assertThat(llm.calls().get(1).prompt())
                    .as("the chat's earlier turns were read back from the session")
                    .contains("Where does my sister live?");
            assertThat(engram.episodes("sam", "today", null, 10).episodes())
                    .as("messages sent again are not stored twice")
                    .hasSize(4);
        } finally {
            llm.stop();
        }
    }

    private static Assistant assistant(Engram engram, ScriptedLlm llm, int port) {
        EngramChatMemoryStore store = new EngramChatMemoryStore(engram, "sam");
        return AiServices.builder(Assistant.class)
                .chatModel(OpenAiChatModel.builder()
                        .baseUrl("http://127.0.0.1:" + port + "/v1/")
                        .apiKey(dev.engram.testing.ScriptedLlmResource.API_KEY)
                        .modelName(dev.engram.testing.ScriptedLlmResource.MODEL)
                        .build())
                .chatMemoryProvider(session -> MessageWindowChatMemory.builder()
                        .id(session)
                        .maxMessages(20)
                        .chatMemoryStore(store)
                        .build())
                .contentRetriever(new EngramContentRetriever(engram, "sam", 5))
                // What Engram recalled goes to the model, not back into memory as if the user had said it.
                .storeRetrievedContentInChatMemory(false)
                .build();
    }

    private static Engram engram(String prefix) {
        return RunningPlatform.get().client(prefix);
    }
}
