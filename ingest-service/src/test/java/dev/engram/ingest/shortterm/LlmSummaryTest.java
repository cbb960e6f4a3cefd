package dev.engram.ingest.shortterm;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.content;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.shortTerm;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ScriptedLlmResource;
import dev.engram.ingest.testing.ShortTermRows;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.testing.PostgresTestResource;
import dev.engram.testing.ScriptedLlm;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Summaries written by an LLM behind a local OpenAI-compatible endpoint that answers from a script. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
@WithTestResource(ScriptedLlmResource.class)
class LlmSummaryTest {

    private static final Duration SUMMARIZED = Duration.ofSeconds(15);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    ScriptedLlm llm;

    @AfterEach
    void answerAgain() {
        llm.answer("scripted summary");
    }

    @Test
    void the_llm_rolls_the_summary_forward_from_the_previous_one_and_the_evicted_episodes() {
        Scope session = scope(newProject(), "caroline", "conv-26/session_1");
        llm.answer("Caroline adopted kittens (first summary).");
        addTurns(session, "rolling", 0, 5);

        ShortTermMemory first = await(session, stm -> stm.getSummarizedEpisodes() == 1);

        assertThat(first.getSummary()).isEqualTo("Caroline adopted kittens (first summary).");
        List<ScriptedLlm.Call> calls = llm.callsMentioning("said rolling-0.");
        assertThat(calls).hasSize(1);
        ScriptedLlm.Call call = calls.get(0);
        assertThat(call.model()).isEqualTo(ScriptedLlmResource.MODEL);
        assertThat(call.authorization()).isEqualTo("Bearer " + ScriptedLlmResource.API_KEY);
        assertThat(call.prompt())
                .contains("[2023-05-08T10:00:00Z] Caroline to Melanie: " + content("rolling-0", 1000))
                .contains("at most 1500 characters")
                .doesNotContain("said rolling-1.");

        llm.answer("Caroline adopted kittens twice (second summary).");
        addTurns(session, "rolling", 5, 6);

        ShortTermMemory second = await(session, stm -> stm.getSummarizedEpisodes() == 2);

        assertThat(second.getSummary()).isEqualTo("Caroline adopted kittens twice (second summary).");
        assertThat(llm.callsMentioning("said rolling-1.").get(0).prompt())
                .contains("Caroline adopted kittens (first summary).")
                .doesNotContain("said rolling-0.");
        assertThat(new ShortTermRows(dataSource)
                        .find(session.getProject(), "caroline", "conv-26/session_1")
                        .orElseThrow()
                        .writer())
                .isEqualTo("llm");
    }

    @Test
    void a_failing_llm_is_replaced_by_the_extractive_summary_for_that_round_and_counted() {
        Scope session = scope(newProject(), "caroline", "s1");
        double failuresBefore = failures();
        llm.failWith(500);
        addTurns(session, "failing", 0, 5);

        ShortTermMemory memory = await(session, stm -> stm.getSummarizedEpisodes() == 1);

        assertThat(llm.callsMentioning("said failing-0.")).isNotEmpty();
        assertThat(memory.getSummary())
                .isEqualTo("[2023-05-08] Caroline: Caroline adopted 3 kittens in Denver, said failing-0.");
        assertThat(memory.getEpisodesCount()).isEqualTo(4);
        assertThat(failures()).isGreaterThan(failuresBefore);

        llm.answer("The LLM is back.");
        addTurns(session, "failing", 5, 6);

        assertThat(await(session, stm -> stm.getSummarizedEpisodes() == 2).getSummary())
                .isEqualTo("The LLM is back.");
    }

    @Test
    void an_llm_answer_longer_than_the_cap_is_shortened_to_it() {
        Scope session = scope(newProject(), "caroline", "s1");
        llm.answer("Caroline talked about kittens. ".repeat(100));
        addTurns(session, "verbose", 0, 5);

        String summary = await(session, stm -> stm.getSummarizedEpisodes() == 1).getSummary();

        assertThat(summary)
                .hasSizeLessThanOrEqualTo(1500)
                .startsWith("Caroline talked")
                .endsWith("…");
    }

    /** Turns {@code from} (inclusive) to {@code to}, one a minute from 10:00; four fill the window. */
    private void addTurns(Scope session, String marker, int from, int to) {
        for (int i = from; i < to; i++) {
            NewEpisode turn =
                    episode(marker + i, content(marker + "-" + i, 1000), String.format("2023-05-08T10:%02d:00Z", i))
                            .toBuilder()
                            .setProducer("Caroline")
                            .setProducedFor("Melanie")
                            .build();
            ingest.addEpisodes(add(session, turn));
        }
    }

    private ShortTermMemory await(Scope session, Predicate<ShortTermMemory> done) {
        return Eventually.await(SUMMARIZED, () -> ingest.getShortTerm(shortTerm(session)), done);
    }

    private static double failures() {
        return given().get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines()
                .filter(line -> line.startsWith("engram_short_term_llm_failures_total"))
                // A traced sample may end in an exemplar ("# {trace_id=…} 1.0 <time>"); the value precedes it.
                .mapToDouble(line ->
                        Double.parseDouble(line.replaceFirst(" # .*", "").replaceFirst(".* ", "")))
                .findFirst()
                .orElse(0);
    }
}
