package dev.engram.gateway.api;

import dev.engram.gateway.model.Problem;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * What every operation of the API has in common, written once rather than on each resource: the bearer API key
 * and the problems any {@code /v1} request can meet before it reaches its resource (authentication, scope, rate
 * limit). Clients generated from the document then send the key and know these answers' shape.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ApiDocument implements OASFilter {

    /** The name of the security scheme in {@code components.securitySchemes}. */
    static final String API_KEY = "apiKey";

    private static final String PROBLEM_REF = "#/components/schemas/Problem";

    /** In a fixed order, so that every build writes the same document. */
    private static final List<Map.Entry<String, String>> COMMON_PROBLEMS = List.of(
            Map.entry("401", "No API key, or one that is unknown or revoked (when authentication is on)."),
            Map.entry("403", "The key's scopes do not allow this request."),
            Map.entry("429", "Too many requests for this key; retry after the Retry-After delay."));

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents()
                .addSecurityScheme(
                        API_KEY,
                        OASFactory.createSecurityScheme()
                                .type(SecurityScheme.Type.HTTP)
                                .scheme("bearer")
                                .bearerFormat("egk_<id>_<secret>")
                                .description("An API key of the project: Authorization: Bearer egk_…"));
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith("/v1/")) {
                operations(item).forEach(ApiDocument::describeCommon);
            }
        });
        if (openAPI.getComponents().getSchemas() != null) {
            openAPI.getComponents().getSchemas().values().forEach(ApiDocument::tidyProperties);
        }
    }

    private static List<Operation> operations(PathItem item) {
        return item.getOperations() == null
                ? List.of()
                : List.copyOf(item.getOperations().values());
    }

    private static void describeCommon(Operation operation) {
        operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(API_KEY)));
        APIResponses responses = operation.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            operation.setResponses(responses);
        }
        sameBodyForEverySuccess(responses);
        for (Map.Entry<String, String> problem : COMMON_PROBLEMS) {
            if (responses.getAPIResponse(problem.getKey()) == null) {
                responses.addAPIResponse(
                        problem.getKey(),
                        OASFactory.createAPIResponse()
                                .description(problem.getValue())
                                .content(OASFactory.createContent()
                                        .addMediaType(
                                                Problem.MEDIA_TYPE,
                                                OASFactory.createMediaType()
                                                        .schema(OASFactory.createSchema()
                                                                .ref(PROBLEM_REF)))));
            }
        }
    }

    /**
     * An operation answers one type whatever its success code (a deletion's 200 and 202, an edit's 200 and 201),
     * but an annotated code other than the default gets no schema: it takes the one the default got.
     */
    private static void sameBodyForEverySuccess(APIResponses responses) {
        if (responses.getAPIResponses() == null) {
            return;
        }
        Content typed = responses.getAPIResponses().values().stream()
                .map(APIResponse::getContent)
                .filter(content -> content != null && content.getMediaType(MediaType.APPLICATION_JSON) != null)
                .findFirst()
                .orElse(null);
        if (typed == null) {
            return;
        }
        responses.getAPIResponses().forEach((code, response) -> {
            if (code.startsWith("2") && !code.equals("204") && response.getContent() == null) {
                response.setContent(typed);
            }
        });
    }

    /**
     * Says what the annotations cannot: an enum written on a list property means "each item is one of these", so it
     * is moved to the items, where generators and validators look for it; and a property that refers to another
     * schema takes its type from there, so a type written beside the reference (which generators warn about and
     * drop) is removed.
     */
    private static void tidyProperties(Schema schema) {
        if (schema.getProperties() == null) {
            return;
        }
        for (Schema property : schema.getProperties().values()) {
            Schema items = property.getItems();
            if (property.getEnumeration() != null && items != null && items.getRef() == null) {
                items.setEnumeration(property.getEnumeration());
                property.setEnumeration(null);
            }
            if (property.getRef() != null) {
                property.setType(null);
            }
        }
    }
}
