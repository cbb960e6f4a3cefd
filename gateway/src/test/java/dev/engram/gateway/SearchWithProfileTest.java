package dev.engram.gateway;

import static dev.engram.gateway.fake.FakeProfileService.timestamp;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeProfileService;
import dev.engram.gateway.fake.FakeRetrievalService;
import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.Scope;
import io.grpc.Status;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A search that includes the profile reads it from profile-service, and answers without it when it cannot. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class SearchWithProfileTest {

    private static final String QUERY = "What is Caroline's gender identity?";

    FakeRetrievalService retrieval;
    FakeProfileService profile;

    @BeforeEach
    void reset() {
        retrieval.reset();
        profile.reset();
        retrieval.answer(RetrievalResponse.newBuilder()
                .addClusters(Cluster.newBuilder()
                        .setScore(0.8f)
                        .setNucleusId("D1:5")
                        .addEpisodes(Episode.newBuilder()
                                .setId("D1:5")
                                .setScope(Scope.newBuilder().setSessionId("conv-26/session_1"))
                                .setContent("I'm a transgender woman.")))
                .setContext("[2023-05-08] Caroline: I'm a transgender woman.")
                .build());
    }

    @Test
    void an_included_profile_brings_the_entries_that_bear_on_the_query() {
        profile.answerProfile(List.of(ProfileEntry.newBuilder()
                .setId("3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d")
                .setSubject("Caroline")
                .setCategory("profile")
                .setTag("identity")
                .setFeature("gender identity")
                .setValue("transgender woman")
                .setValidFrom(timestamp(Instant.parse("2023-05-08T13:56:00Z")))
                .addEvidence("conv-26:D1:5")
                .setSource("rules")
                .setConfidence(0.8f)
                .setRecordedAt(timestamp(FakeProfileService.RECORDED))
                .build()));

        JsonPath result = search(List.of("episodic", "profile"))
                .statusCode(200)
                .body("episodic.nucleus_id", contains("D1:5"))
                .body("profile.feature", contains("gender identity"))
                .body("profile[0]", hasKey("valid_to"))
                .body("$", not(hasKey("warnings")))
                .extract()
                .jsonPath();

        assertThat(result.getMap("profile[0]"))
                .containsEntry("subject", "Caroline")
                .containsEntry("category", "profile")
                .containsEntry("tag", "identity")
                .containsEntry("value", "transgender woman")
                .containsEntry("valid_from", "2023-05-08T13:56:00Z")
                .containsEntry("valid_to", null)
                .containsEntry("evidence", List.of("conv-26:D1:5"));
        assertThat(profile.profileRequests)
                .containsExactly(GetProfileRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .setQuery(QUERY)
                        .setLimit(10)
                        .build());
    }

    @Test
    void an_included_profile_without_matching_entries_is_an_empty_list() {
        search(List.of("profile")).statusCode(200).body("profile", equalTo(List.of()));
    }

    @Test
    void without_profile_in_include_profile_service_is_not_asked_and_profile_is_absent() {
        search(List.of("episodic", "short_term")).statusCode(200).body("$", not(hasKey("profile")));
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", QUERY))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("$", not(hasKey("profile")))
                .body("$", not(hasKey("warnings")));

        assertThat(profile.profileRequests).isEmpty();
        assertThat(retrieval.requests).hasSize(2);
    }

    @Test
    void a_failing_profile_service_leaves_the_episodic_answer_whole_and_says_so() {
        profile.failWith(Status.INTERNAL.withDescription("org.postgresql.util.PSQLException: relation missing"));

        search(List.of("episodic", "profile"))
                .statusCode(200)
                .body("episodic.nucleus_id", contains("D1:5"))
                .body("context", equalTo("[2023-05-08] Caroline: I'm a transgender woman."))
                .body("profile", nullValue())
                .body("warnings.code", contains("profile_unavailable"))
                .body("warnings[0].message", not(containsString("PSQLException")));
    }

    @Test
    void an_unavailable_profile_service_is_not_retried_within_a_search() {
        profile.failWith(Status.UNAVAILABLE);

        search(List.of("profile")).statusCode(200).body("warnings.code", contains("profile_unavailable"));

        assertThat(profile.profileRequests).hasSize(1);
    }

    @Test
    void a_slow_profile_service_is_cut_off_at_its_deadline_and_the_search_answers_without_it() {
        profile.delay(Duration.ofSeconds(4));

        long started = System.nanoTime();
        search(List.of("episodic", "profile"))
                .statusCode(200)
                .body("episodic.nucleus_id", contains("D1:5"))
                .body("warnings.code", contains("profile_unavailable"));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void a_failing_retrieval_still_fails_the_search_even_when_the_profile_was_read() throws InterruptedException {
        retrieval.failWith(Status.DEADLINE_EXCEEDED);

        search(List.of("episodic", "profile")).statusCode(503);

        // The profile is read beside the failed retrieval and may still be on its way: let it arrive
        // here, not in the next test's fake.
        awaitProfileRequests(1);
    }

    private void awaitProfileRequests(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (profile.profileRequests.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(profile.profileRequests).hasSize(count);
    }

    private static io.restassured.response.ValidatableResponse search(List<String> include) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", QUERY, "include", include))
                .post("/v1/memories/search")
                .then();
    }
}
