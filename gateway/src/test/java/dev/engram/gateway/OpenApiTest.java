package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasKey;

import dev.engram.gateway.fake.FakeDownstream;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class OpenApiTest {

    @Test
    void openapi_document_describes_the_memory_and_profile_endpoints() {
        given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("paths", hasKey("/v1/memories"))
                .body("paths", hasKey("/v1/memories/search"))
                .body("paths", hasKey("/v1/memories/status"))
                .body("paths", hasKey("/v1/sessions/{session_id}/short-term"))
                .body("paths", hasKey("/v1/users/{user_id}/profile"))
                .body("paths", hasKey("/v1/users/{user_id}/profile/history"))
                .body("paths", hasKey("/v1/users/{user_id}/profile/{entry_id}"))
                .body("paths.'/v1/users/{user_id}/profile/{entry_id}'.put.responses", hasKey("409"))
                .body("components.schemas.SearchResponse.properties", hasKey("profile"))
                .body("components.schemas.SearchResponse.properties", hasKey("warnings"))
                .body("paths.'/v1/memories'.post.responses", hasKey("201"))
                .body("components.schemas.AddMemoriesRequest.properties", hasKey("user_id"))
                .body("components.schemas.SearchResponse.properties", hasKey("episodic"));
    }

    @Test
    void health_and_metrics_are_served() {
        given().get("/q/health/ready").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
