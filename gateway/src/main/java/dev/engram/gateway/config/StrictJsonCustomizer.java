package dev.engram.gateway.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.engram.gateway.model.RefusesUnknownFields;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Jackson by default turns {@code 5} into {@code "5"}, {@code "5"} or {@code 5.7} into {@code 5}, and
 * {@code "0.5"} into {@code 0.5}. A public API should say "wrong type" instead of guessing, so scalar
 * coercions between text and numbers fail and the client hears which field was wrong; trailing content after
 * the body's JSON value fails too, and so does a field given twice (which value was meant? Jackson would also
 * fail on it, with a server error, when the body binds to a record). Unknown fields are ignored, except in the
 * parts of a body marked {@link RefusesUnknownFields}.
 */
@Singleton
public class StrictJsonCustomizer implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        // A body with anything after its JSON value is not the request the client meant to send.
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.addHandler(new UnknownFieldRefusal());
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Float)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }

    /** Consulted for every unknown field before the mapper's tolerance applies. */
    private static final class UnknownFieldRefusal extends DeserializationProblemHandler {

        @Override
        public boolean handleUnknownProperty(
                DeserializationContext context,
                JsonParser parser,
                JsonDeserializer<?> deserializer,
                Object beanOrClass,
                String propertyName)
                throws IOException {
            Class<?> type = beanOrClass instanceof Class<?> given ? given : beanOrClass.getClass();
            if (type.isAnnotationPresent(RefusesUnknownFields.class)) {
                throw UnrecognizedPropertyException.from(
                        parser, beanOrClass, propertyName, deserializer.getKnownPropertyNames());
            }
            return false;
        }
    }
}
