package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.engram.e2e.generated.ApiClient;
import dev.engram.e2e.generated.ApiException;
import dev.engram.e2e.generated.api.MemoriesApi;
import dev.engram.e2e.generated.api.ProfileApi;
import dev.engram.e2e.generated.model.AddMemoriesRequest;
import dev.engram.e2e.generated.model.AddMemoriesResponse;
import dev.engram.e2e.generated.model.EpisodeInput;
import dev.engram.e2e.generated.model.EpisodeOutcome;
import dev.engram.e2e.generated.model.EpisodePage;
import dev.engram.e2e.generated.model.SearchRequest;
import dev.engram.e2e.generated.model.SearchResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A client generated from the gateway's OpenAPI document (openapi-generator, Java, native library: see this
 * module's pom) adds, searches, lists and reads a profile with an API key, as an API user's generated client
 * would. The generator sends {@code Accept: application/problem+json, application/json}, types dates as
 * {@link OffsetDateTime} and limits as integers, and reads every answer into its models.
 */
@ExtendWith(RunningPlatform.class)
class GeneratedClientIT {

    private static final String USER = "maya";
    private static final String SESSION = "kitchen-chat";

    @Test
    void a_generated_client_adds_searches_and_reads_with_an_api_key() throws Exception {
        RunningPlatform.Tenant tenant = RunningPlatform.get().tenant("generated");
        ApiClient client = client(tenant.gateway().url(), tenant.gateway().key());
        MemoriesApi memories = new MemoriesApi(client);

        OffsetDateTime start = OffsetDateTime.parse("2026-03-14T18:30:00+01:00");
        AddMemoriesResponse added = memories.addMemories(new AddMemoriesRequest()
                .userId(USER)
                .sessionId(SESSION)
                .episodes(List.of(
                        new EpisodeInput()
                                .id("m1")
                                .producer("Maya")
                                .content("I adopted a beagle called Pepper last weekend.")
                                .timestamp(start),
                        new EpisodeInput()
                                .id("m2")
                                .producer("Leo")
                                .content("A beagle! How is Pepper settling in?")
                                .timestamp(start.plusMinutes(1)))));
        assertThat(added.getEpisodes())
                .extracting(EpisodeOutcome::getId, EpisodeOutcome::getStatus)
                .containsExactly(
                        tuple("m1", EpisodeOutcome.StatusEnum.CREATED), tuple("m2", EpisodeOutcome.StatusEnum.CREATED));

        awaitIndexed(memories);
        SearchResponse found = memories.searchMemories(new SearchRequest()
                .userId(USER)
                .query("What is the name of Maya's dog?")
                .topK(3));
        assertThat(found.getEpisodic()).isNotEmpty();
        assertThat(found.getContext()).contains("Pepper");
        assertThat(found.getEpisodic().get(0).getEpisodes())
                .anySatisfy(episode ->
                        assertThat(episode.getTimestamp().toInstant()).isEqualTo(start.toInstant()));

        EpisodePage page = memories.listEpisodes(USER, null, null, 1, SESSION);
        assertThat(page.getEpisodes()).hasSize(1);
        assertThat(page.getNextCursor()).isNotBlank();

        assertThat(new ProfileApi(client).getProfile(USER, null, null, null).getUserId())
                .isEqualTo(USER);
    }

    @Test
    void bad_input_and_a_missing_key_are_problems_the_client_can_read() {
        RunningPlatform.Tenant tenant = RunningPlatform.get().tenant("generated");
        MemoriesApi memories =
                new MemoriesApi(client(tenant.gateway().url(), tenant.gateway().key()));
        assertThatThrownBy(() ->
                        memories.searchMemories(new SearchRequest().userId(USER).query("")))
                .isInstanceOfSatisfying(ApiException.class, problem -> {
                    assertThat(problem.getCode()).isEqualTo(400);
                    assertThat(problem.getResponseBody()).contains("\"field\":\"query\"");
                });

        ApiClient withoutKey = new ApiClient();
        withoutKey.updateBaseUri(tenant.gateway().url());
        MemoriesApi anonymous = new MemoriesApi(withoutKey);
        assertThatThrownBy(() -> anonymous.getMemoryStatus(USER))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        problem -> assertThat(problem.getCode()).isEqualTo(401));
    }

    private static ApiClient client(String url, String key) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(url);
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + key));
        client.setReadTimeout(Duration.ofSeconds(30));
        return client;
    }

    private static void awaitIndexed(MemoriesApi memories) throws ApiException, InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        while (memories.getMemoryStatus(USER).getPending() > 0) {
            assertThat(Instant.now()).as("indexed within a minute").isBefore(deadline);
            Thread.sleep(200);
        }
    }
}
