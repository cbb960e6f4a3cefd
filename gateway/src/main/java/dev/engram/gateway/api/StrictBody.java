package dev.engram.gateway.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.lang.reflect.Type;
import java.util.function.BiFunction;

/**
 * Reads a body that must hold only known fields. The gateway's mapper ignores unknown fields (Quarkus's
 * default, and the memory endpoints still accept them); an edit that silently dropped a misspelt field would
 * store something else than the caller meant, so the profile edit reads its body with this reader and a
 * stray field is a 400 naming it.
 */
public class StrictBody implements BiFunction<ObjectMapper, Type, ObjectReader> {

    @Override
    public ObjectReader apply(ObjectMapper mapper, Type type) {
        return mapper.readerFor(mapper.constructType(type)).with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
