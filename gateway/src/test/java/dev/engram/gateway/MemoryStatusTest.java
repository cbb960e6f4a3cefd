package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.Scope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class MemoryStatusTest {

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void status_reports_the_users_counts() {
        ingest.answerStatus(GetStatusResponse.newBuilder()
                .setStored(5882)
                .setIndexed(5880)
                .setPending(2)
                .build());

        given().queryParam("user_id", "caroline")
                .get("/v1/memories/status")
                .then()
                .statusCode(200)
                .body("user_id", equalTo("caroline"))
                .body("stored", equalTo(5882))
                .body("indexed", equalTo(5880))
                .body("pending", equalTo(2));

        assertThat(ingest.statusRequests)
                .containsExactly(GetStatusRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .build());
    }
}
