package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.grpc.contract.FieldRule;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.SearchMode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The OpenAPI document states the limits and enums the proto declares, and the services enforce. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class OpenApiContractTest {

    private JsonPath schemas;

    @BeforeEach
    void fetch() {
        schemas = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .setRootPath("components.schemas");
    }

    @Test
    void the_mode_enum_is_the_proto_enum() {
        List<String> protoModes = SearchMode.getDescriptor().getValues().stream()
                .filter(value -> value.getNumber() != 0)
                .map(value -> value.getName().substring("SEARCH_MODE_".length()).toLowerCase(Locale.ROOT))
                .toList();

        assertThat(schemas.getList("SearchRequest.properties.mode.enum")).isEqualTo(protoModes);
        assertThat(protoModes).containsExactly("auto", "direct", "split", "chain", "graph", "segtree", "reconstruct");
        assertThat(schemas.getList("ExpandContext.properties.neighbours.enum")).containsExactly("matching", "all");
    }

    @Test
    void number_bounds_are_the_proto_bounds() {
        assertBounds("SearchRequest", "top_k", RetrievalRequest.getDescriptor(), "top_k");
        assertBounds("SearchRequest", "max_context_tokens", RetrievalRequest.getDescriptor(), "max_context_tokens");
        assertBounds("SearchRequest", "min_relevance", RetrievalRequest.getDescriptor(), "min_relevance");
        assertBounds("ExpandContext", "before", RetrievalRequest.getDescriptor(), "before");
        assertBounds("ExpandContext", "after", RetrievalRequest.getDescriptor(), "after");
        assertThat(schemas.getDouble("ProfileEntryInput.properties.confidence.exclusiveMinimum"))
                .isEqualTo(rule(ProfileEntry.getDescriptor(), "confidence").greaterThan());
        assertThat(schemas.getDouble("ProfileEntryInput.properties.confidence.maximum"))
                .isEqualTo(rule(ProfileEntry.getDescriptor(), "confidence").max());
    }

    @Test
    void lengths_counts_and_patterns_are_the_proto_ones() {
        FieldRule episodes = rule(AddEpisodesRequest.getDescriptor(), "episodes");
        assertThat(schemas.getInt("AddMemoriesRequest.properties.episodes.maxItems"))
                .isEqualTo(episodes.maxItems());
        assertThat(schemas.getInt("AddMemoriesRequest.properties.episodes.minItems"))
                .isEqualTo(1);
        assertThat(schemas.getString("AddMemoriesRequest.properties.user_id.pattern"))
                .isEqualTo(rule(dev.engram.proto.v1.Scope.getDescriptor(), "user_id")
                        .pattern()
                        .pattern());
        assertThat(schemas.getString("AddMemoriesRequest.properties.session_id.pattern"))
                .isEqualTo(rule(dev.engram.proto.v1.Scope.getDescriptor(), "session_id")
                        .pattern()
                        .pattern());
        assertThat(schemas.getInt("EpisodeInput.properties.producer.maxLength"))
                .isEqualTo(rule(NewEpisode.getDescriptor(), "producer").maxChars());
        assertThat(schemas.getString("EpisodeInput.properties.content.description"))
                .contains(rule(NewEpisode.getDescriptor(), "content").maxBytes() + " bytes of UTF-8");
        FieldRule metadata = rule(NewEpisode.getDescriptor(), "metadata");
        assertThat(schemas.getInt("EpisodeInput.properties.metadata.maxProperties"))
                .isEqualTo(metadata.maxItems());
        assertThat(schemas.getInt("EpisodeInput.properties.metadata.additionalProperties.maxLength"))
                .isEqualTo(metadata.maxChars());
        assertThat(schemas.getInt("SearchRequest.properties.query.maxLength"))
                .isEqualTo(rule(RetrievalRequest.getDescriptor(), "query").maxChars());
        assertThat(schemas.getInt("SearchRequest.properties.rerankers.maxItems"))
                .isEqualTo(rule(RetrievalRequest.getDescriptor(), "rerankers").maxItems());
        assertThat(schemas.getString("SearchFilterInput.properties.session_ids.items.pattern"))
                .isEqualTo(rule(dev.engram.proto.v1.Scope.getDescriptor(), "session_id")
                        .pattern()
                        .pattern());
        assertThat(schemas.getInt("ProfileEntryInput.properties.value.maxLength"))
                .isEqualTo(rule(ProfileEntry.getDescriptor(), "value").maxChars());
        assertThat(schemas.getInt("ProfileEntryInput.properties.evidence.maxItems"))
                .isEqualTo(rule(ProfileEntry.getDescriptor(), "evidence").maxItems());
        assertThat(schemas.getList("SearchRequest.required", String.class)).contains("user_id", "query");
    }

    private void assertBounds(String schema, String property, Descriptor request, String field) {
        FieldRule rule = rule(request, field);
        assertThat(schemas.getDouble(schema + ".properties." + property + ".minimum"))
                .as(schema + "." + property)
                .isEqualTo(rule.min());
        assertThat(schemas.getDouble(schema + ".properties." + property + ".maximum"))
                .as(schema + "." + property)
                .isEqualTo(rule.max());
    }

    private static FieldRule rule(Descriptor message, String field) {
        FieldDescriptor descriptor = message.findFieldByName(field);
        assertThat(descriptor).as(message.getName() + "." + field).isNotNull();
        return FieldRule.of(descriptor);
    }
}
