package dev.engram.gateway.api;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import dev.engram.gateway.mapping.JsonEnums;
import dev.engram.gateway.validation.JsonPaths;
import dev.engram.grpc.contract.FieldRule;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.EpisodeChange;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.RetrievalRequest;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * Writes the limits, patterns and enums the proto declares (see {@code engram/v1/rules.proto}) into the schemas
 * of the request bodies, so that the OpenAPI document says what the services enforce and cannot drift from it.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ContractSchemas implements OASFilter {

    /** A body schema, the proto request it becomes, and where in that request's JSON the schema sits. */
    record Binding(String schema, Descriptor request, JsonPaths paths, String jsonPrefix) {}

    static final List<Binding> BINDINGS = List.of(
            new Binding("AddMemoriesRequest", AddEpisodesRequest.getDescriptor(), JsonPaths.SCOPED, ""),
            new Binding("EpisodeInput", AddEpisodesRequest.getDescriptor(), JsonPaths.SCOPED, "episodes[]."),
            new Binding("SearchRequest", RetrievalRequest.getDescriptor(), JsonPaths.SEARCH, ""),
            new Binding("ExpandContext", RetrievalRequest.getDescriptor(), JsonPaths.SEARCH, "expand_context."),
            new Binding("SearchFilterInput", RetrievalRequest.getDescriptor(), JsonPaths.SEARCH, "filter."),
            new Binding("ProfileEntryInput", ProfileEntry.getDescriptor(), JsonPaths.SCOPED, ""),
            new Binding("UpdateEpisodeRequest", EpisodeChange.getDescriptor(), JsonPaths.SCOPED, ""));

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
        for (Binding binding : BINDINGS) {
            Schema schema = schemas.get(binding.schema());
            if (schema == null || schema.getProperties() == null) {
                continue;
            }
            schema.getProperties().forEach((name, property) -> {
                FieldDescriptor field = field(binding, name);
                if (field != null) {
                    describe(schema, name, property, field);
                }
            });
        }
    }

    /** The proto field behind a JSON property of a bound schema; null when the property has none. */
    static FieldDescriptor field(Binding binding, String property) {
        String protoPath = binding.paths().toProto(binding.jsonPrefix() + property);
        Descriptor type = binding.request();
        FieldDescriptor field = null;
        for (String part : protoPath.split("\\.")) {
            if (type == null) {
                return null;
            }
            field = type.findFieldByName(part.replace("[]", ""));
            if (field == null) {
                return null;
            }
            type = field.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? field.getMessageType() : null;
        }
        return field;
    }

    private static void describe(Schema parent, String name, Schema property, FieldDescriptor field) {
        if (property.getRef() != null) {
            return;
        }
        FieldRule rule = FieldRule.of(field);
        if (rule.required()
                && (parent.getRequired() == null || !parent.getRequired().contains(name))) {
            parent.addRequired(name);
        }
        if (field.isMapField()) {
            positive(rule.maxItems(), property::setMaxProperties);
            Schema values = property.getAdditionalPropertiesSchema();
            if (values != null && values.getRef() == null) {
                values.setMaxLength(positiveOrNull(rule.maxChars()));
            }
            return;
        }
        Schema value = property;
        if (field.isRepeated()) {
            positive(rule.maxItems(), property::setMaxItems);
            if (rule.required()) {
                property.setMinItems(1);
            }
            value = property.getItems();
            if (value == null || value.getRef() != null) {
                return;
            }
        }
        if (field.getJavaType() == FieldDescriptor.JavaType.ENUM) {
            value.setEnumeration(new ArrayList<>(JsonEnums.names(field.getEnumType())));
        }
        positive(rule.maxChars(), value::setMaxLength);
        if (rule.pattern() != null) {
            value.setPattern(rule.pattern().pattern());
        }
        if (rule.maxBytes() > 0) {
            value.setDescription(join(value.getDescription(), "At most " + rule.maxBytes() + " bytes of UTF-8."));
        }
        if (rule.min() != null) {
            value.setMinimum(BigDecimal.valueOf(rule.min()).stripTrailingZeros());
        }
        if (rule.max() != null) {
            value.setMaximum(BigDecimal.valueOf(rule.max()).stripTrailingZeros());
        }
        if (rule.greaterThan() != null) {
            value.setExclusiveMinimum(BigDecimal.valueOf(rule.greaterThan()).stripTrailingZeros());
        }
    }

    private static void positive(int value, java.util.function.Consumer<Integer> setter) {
        if (value > 0) {
            setter.accept(value);
        }
    }

    private static Integer positiveOrNull(int value) {
        return value > 0 ? value : null;
    }

    private static String join(String description, String more) {
        return description == null || description.isBlank() ? more : description + " " + more;
    }
}
