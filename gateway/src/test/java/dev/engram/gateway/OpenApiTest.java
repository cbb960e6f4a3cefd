package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasKey;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.gateway.fake.FakeDownstream;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /**
     * What a client generator needs from every operation: a name to call it by, the API key, a typed answer for
     * each success that has a body, and the problem shape for every error.
     */
    @Test
    void every_operation_has_an_id_the_api_key_and_typed_answers() throws IOException {
        JsonNode document = served();
        Set<String> ids = new HashSet<>();
        List<String> defects = new ArrayList<>();
        document.get("paths")
                .fields()
                .forEachRemaining(path -> path.getValue().fields().forEachRemaining(method -> {
                    String where = method.getKey().toUpperCase() + " " + path.getKey();
                    JsonNode operation = method.getValue();
                    String id = operation.path("operationId").asText("");
                    if (id.isEmpty() || !ids.add(id)) {
                        defects.add(where + ": operationId missing or taken: '" + id + "'");
                    }
                    if (!operation.path("security").toString().equals("[{\"apiKey\":[]}]")) {
                        defects.add(where + ": no bearer API key");
                    }
                    for (String problem : List.of("400", "401", "403", "429")) {
                        // Who-am-I takes no input at all, so it has nothing to refuse as invalid.
                        boolean takesInput = !where.equals("GET /v1/me");
                        if (!operation.path("responses").has(problem) && (takesInput || !problem.equals("400"))) {
                            defects.add(where + ": no " + problem);
                        }
                    }
                    operation.path("responses").fields().forEachRemaining(response -> {
                        String code = response.getKey();
                        Map.Entry<String, JsonNode> content = response.getValue()
                                        .path("content")
                                        .fields()
                                        .hasNext()
                                ? response.getValue().path("content").fields().next()
                                : null;
                        if (code.startsWith("2") && !code.equals("204") && content == null) {
                            defects.add(where + ": " + code + " has no schema");
                        }
                        if (!code.startsWith("2")
                                && (content == null
                                        || !content.getKey().equals("application/problem+json")
                                        || !content.getValue()
                                                .path("schema")
                                                .path("$ref")
                                                .asText()
                                                .endsWith("/Problem"))) {
                            defects.add(where + ": " + code + " is not a problem");
                        }
                    });
                }));
        assertThat(defects).isEmpty();
        assertThat(document.at("/components/securitySchemes/apiKey/scheme").asText())
                .isEqualTo("bearer");
    }

    @Test
    void formats_and_list_enums_are_where_generators_look() throws IOException {
        JsonNode schemas = served().at("/components/schemas");
        assertThat(schemas.at("/EpisodeInput/properties/timestamp/format").asText())
                .isEqualTo("date-time");
        assertThat(schemas.at("/SearchFilterInput/properties/from/format").asText())
                .isEqualTo("date-time");
        assertThat(schemas.at("/SearchRequest/properties/include/enum").isMissingNode())
                .isTrue();
        assertThat(schemas.at("/SearchRequest/properties/include/items/enum").toString())
                .isEqualTo("[\"episodic\",\"short_term\",\"profile\"]");
        assertThat(served().at("/paths/~1v1~1memories~1episodes/get/parameters").findValues("schema").stream()
                        .map(schema -> schema.path("type").asText()))
                .contains("integer");
    }

    /** Clients are generated from the document stored at build time; it must be the one the gateway serves. */
    @Test
    void the_document_stored_at_build_time_is_the_served_one() throws IOException {
        ObjectNode stored = (ObjectNode) new ObjectMapper()
                .readTree(Path.of("target/openapi/openapi.json").toFile());
        ObjectNode served = (ObjectNode) served();
        // The served document names the server it came from; the stored one cannot know it.
        stored.remove("servers");
        served.remove("servers");
        assertThat(stored).isEqualTo(served);
    }

    private static JsonNode served() throws IOException {
        String body = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        return new ObjectMapper().readTree(body);
    }

    @Test
    void health_and_metrics_are_served() {
        given().get("/q/health/ready").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
