package dev.engram.gateway;

import static dev.engram.gateway.fake.FakeProfileService.timestamp;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeProfileService;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.Scope;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The profile endpoints: what reaches profile-service, what comes back, and how its answers become statuses. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class ProfileEndpointsTest {

    private static final String ID = "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d";
    private static final Scope CAROLINE =
            Scope.newBuilder().setProject("default").setUserId("caroline").build();

    FakeProfileService profile;

    @BeforeEach
    void reset() {
        profile.reset();
    }

    @Test
    void the_current_profile_comes_back_with_every_field_of_its_entries() {
        profile.answerProfile(List.of(
                entry(ID, "gender identity", "transgender woman", "2023-05-08T13:56:00Z").toBuilder()
                        .addEvidence("conv-26:D1:5")
                        .setSource("llm")
                        .setConfidence(0.9f)
                        .build(),
                entry("11111111-2222-4333-8444-555555555555", "occupation", "counselor", "2023-06-01T00:00:00Z")));

        JsonPath body = given().get("/v1/users/caroline/profile")
                .then()
                .statusCode(200)
                .body("user_id", equalTo("caroline"))
                .body("entries.feature", contains("gender identity", "occupation"))
                .body("entries[0]", hasKey("valid_to"))
                .body("entries[0].valid_to", nullValue())
                .body("entries[0]", not(hasKey("retired_at")))
                .extract()
                .jsonPath();

        assertThat(body.getMap("entries[0]"))
                .containsEntry("id", ID)
                .containsEntry("subject", "Caroline")
                .containsEntry("category", "profile")
                .containsEntry("tag", "identity")
                .containsEntry("feature", "gender identity")
                .containsEntry("value", "transgender woman")
                .containsEntry("valid_from", "2023-05-08T13:56:00Z")
                .containsEntry("evidence", List.of("conv-26:D1:5"))
                .containsEntry("source", "llm")
                .containsEntry("recorded_at", "2024-01-02T03:04:05Z");
        assertThat(body.getFloat("entries[0].confidence")).isEqualTo(0.9f);
        assertThat(profile.profileRequests)
                .containsExactly(
                        GetProfileRequest.newBuilder().setScope(CAROLINE).build());
    }

    @Test
    void at_subject_and_limit_reach_profile_service_and_a_date_means_the_start_of_that_day_in_utc() {
        given().queryParam("at", "2023-06-01T12:30:00+02:00")
                .queryParam("subject", "Melanie")
                .queryParam("limit", 5)
                .get("/v1/users/caroline/profile")
                .then()
                .statusCode(200)
                .body("entries", empty());
        given().queryParam("at", "2023-06-01")
                .get("/v1/users/caroline/profile")
                .then()
                .statusCode(200);

        assertThat(profile.profileRequests)
                .containsExactly(
                        GetProfileRequest.newBuilder()
                                .setScope(CAROLINE)
                                .setAt(timestamp(Instant.parse("2023-06-01T10:30:00Z")))
                                .setSubject("Melanie")
                                .setLimit(5)
                                .build(),
                        GetProfileRequest.newBuilder()
                                .setScope(CAROLINE)
                                .setAt(timestamp(Instant.parse("2023-06-01T00:00:00Z")))
                                .build());
    }

    @Test
    void the_history_shows_closed_and_retired_versions_and_passes_its_filters_on() {
        profile.answerHistory(List.of(
                entry(ID, "home", "Boston", "2023-01-01T00:00:00Z").toBuilder()
                        .setValidTo(timestamp(Instant.parse("2023-09-01T00:00:00Z")))
                        .setRetiredAt(timestamp(Instant.parse("2023-10-01T00:00:00Z")))
                        .build(),
                entry("11111111-2222-4333-8444-555555555555", "home", "Denver", "2023-09-01T00:00:00Z")));

        given().queryParam("subject", "Caroline")
                .queryParam("tag", "location")
                .queryParam("feature", "home")
                .get("/v1/users/caroline/profile/history")
                .then()
                .statusCode(200)
                .body("user_id", equalTo("caroline"))
                .body("entries.value", contains("Boston", "Denver"))
                .body("entries[0].valid_to", equalTo("2023-09-01T00:00:00Z"))
                .body("entries[0].retired_at", equalTo("2023-10-01T00:00:00Z"))
                .body("entries[1]", not(hasKey("retired_at")));

        assertThat(profile.historyRequests)
                .containsExactly(GetHistoryRequest.newBuilder()
                        .setScope(CAROLINE)
                        .setSubject("Caroline")
                        .setTag("location")
                        .setFeature("home")
                        .build());
    }

    /**
     * Filters of 200 characters each, the most a label may hold, percent-encoded at 12 bytes a character: the
     * request line is over 7 KiB, beyond Vert.x's default limit of 4 KiB, which refused it with an empty 414.
     */
    @Test
    void a_history_filtered_by_the_longest_valid_labels_is_read() {
        String label = "😀".repeat(200);
        profile.answerHistory(List.of());

        given().queryParam("subject", label)
                .queryParam("tag", label)
                .queryParam("feature", label)
                .get("/v1/users/caroline/profile/history")
                .then()
                .statusCode(200);

        assertThat(profile.historyRequests)
                .containsExactly(GetHistoryRequest.newBuilder()
                        .setScope(CAROLINE)
                        .setSubject(label)
                        .setTag(label)
                        .setFeature(label)
                        .build());
    }

    @Test
    void a_put_of_an_unknown_id_creates_the_entry_with_201() {
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "subject", "Caroline",
                        "category", "profile",
                        "tag", "identity",
                        "feature", "gender identity",
                        "value", "transgender woman",
                        "valid_from", "2023-05-08T15:56:00+02:00",
                        "evidence", List.of("conv-26:D1:5"),
                        "confidence", 0.75))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(201)
                .body("created", equalTo(true))
                .body("$", not(hasKey("replaced")))
                .body("entry.id", equalTo(ID))
                .body("entry.value", equalTo("transgender woman"))
                .body("entry.valid_from", equalTo("2023-05-08T13:56:00Z"))
                .body("entry.source", equalTo("manual"))
                .body("entry.evidence", contains("conv-26:D1:5"));

        assertThat(profile.putRequests)
                .containsExactly(PutEntryRequest.newBuilder()
                        .setScope(CAROLINE)
                        .setEntry(ProfileEntry.newBuilder()
                                .setId(ID)
                                .setSubject("Caroline")
                                .setCategory("profile")
                                .setTag("identity")
                                .setFeature("gender identity")
                                .setValue("transgender woman")
                                .setValidFrom(timestamp(Instant.parse("2023-05-08T13:56:00Z")))
                                .addEvidence("conv-26:D1:5")
                                .setConfidence(0.75f))
                        .build());
    }

    @Test
    void a_put_with_only_the_required_fields_leaves_the_defaults_to_profile_service() {
        given().contentType(ContentType.JSON)
                .body(Map.of("subject", "Caroline", "tag", "work", "feature", "occupation", "value", "counselor"))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(201)
                .body("entry.category", equalTo("profile"))
                .body("entry.confidence", equalTo(1.0f));

        assertThat(profile.putRequests)
                .singleElement()
                .satisfies(request -> assertThat(request.getEntry())
                        .isEqualTo(ProfileEntry.newBuilder()
                                .setId(ID)
                                .setSubject("Caroline")
                                .setTag("work")
                                .setFeature("occupation")
                                .setValue("counselor")
                                .build()));
    }

    @Test
    void a_put_of_a_current_entry_records_a_new_version_with_200_naming_the_one_it_replaced() {
        profile.store(entry(ID, "home", "Boston", "2023-01-01T00:00:00Z"));

        String newId = given().contentType(ContentType.JSON)
                .body(Map.of(
                        "subject", "Caroline",
                        "tag", "location",
                        "feature", "home",
                        "value", "Denver",
                        "valid_from", "2023-09-01T00:00:00Z"))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(200)
                .body("created", equalTo(false))
                .body("replaced", equalTo(ID))
                .body("entry.value", equalTo("Denver"))
                .extract()
                .path("entry.id");

        assertThat(newId).isNotEqualTo(ID);
    }

    @Test
    void a_put_of_a_replaced_entry_is_a_409_saying_what_to_do() {
        profile.store(entry(ID, "home", "Boston", "2023-01-01T00:00:00Z").toBuilder()
                .setValidTo(timestamp(Instant.parse("2023-09-01T00:00:00Z")))
                .build());

        given().contentType(ContentType.JSON)
                .body(Map.of("subject", "Caroline", "tag", "location", "feature", "home", "value", "Paris"))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("status", equalTo(409))
                .body("title", equalTo("Conflict"))
                .body("detail", containsString("no longer current"));
    }

    @Test
    void a_version_profile_service_refuses_is_a_400_naming_the_field_as_the_api_knows_it() {
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage("entry.valid_from: must not be before the current version's valid_from")
                .addDetails(Any.pack(BadRequest.newBuilder()
                        .addFieldViolations(BadRequest.FieldViolation.newBuilder()
                                .setField("entry.valid_from")
                                .setDescription("must not be before the current version's valid_from"))
                        .build()))
                .build();
        profile.failWith(StatusProto.toStatusRuntimeException(status));

        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "subject", "Caroline",
                        "tag", "location",
                        "feature", "home",
                        "value", "Denver",
                        "valid_from", "2020-01-01T00:00:00Z"))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(400)
                .body("errors.field", contains("valid_from"))
                .body("errors.message", contains("must not be before the current version's valid_from"))
                .body("detail", equalTo("valid_from: must not be before the current version's valid_from"));
    }

    @Test
    void a_delete_removes_the_entry_with_204_and_a_second_one_is_a_404() {
        profile.store(entry(ID, "home", "Boston", "2023-01-01T00:00:00Z"));

        given().delete("/v1/users/caroline/profile/" + ID).then().statusCode(204);
        given().delete("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404));

        assertThat(profile.deleteRequests)
                .containsExactly(
                        DeleteEntryRequest.newBuilder()
                                .setScope(CAROLINE)
                                .setEntryId(ID)
                                .build(),
                        DeleteEntryRequest.newBuilder()
                                .setScope(CAROLINE)
                                .setEntryId(ID)
                                .build());
    }

    @Test
    void an_unavailable_profile_service_is_a_503_with_a_retry_hint_after_one_retry_of_a_read() {
        profile.failWith(Status.UNAVAILABLE.withDescription("connection refused"));

        given().get("/v1/users/caroline/profile")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "2");

        assertThat(profile.profileRequests).hasSize(2);
    }

    @Test
    void an_edit_is_never_retried() {
        profile.failWith(Status.UNAVAILABLE);

        given().contentType(ContentType.JSON)
                .body(Map.of("subject", "Caroline", "tag", "work", "feature", "occupation", "value", "counselor"))
                .put("/v1/users/caroline/profile/" + ID)
                .then()
                .statusCode(503)
                .header("Retry-After", "2");
        given().delete("/v1/users/caroline/profile/" + ID).then().statusCode(503);

        assertThat(profile.putRequests).hasSize(1);
        assertThat(profile.deleteRequests).hasSize(1);
    }

    private static ProfileEntry entry(String id, String feature, String value, String validFrom) {
        return ProfileEntry.newBuilder()
                .setId(id)
                .setSubject("Caroline")
                .setCategory("profile")
                .setTag(feature.equals("home") ? "location" : feature.equals("occupation") ? "work" : "identity")
                .setFeature(feature)
                .setValue(value)
                .setValidFrom(timestamp(Instant.parse(validFrom)))
                .setSource("manual")
                .setConfidence(1f)
                .setRecordedAt(timestamp(FakeProfileService.RECORDED))
                .build();
    }
}
