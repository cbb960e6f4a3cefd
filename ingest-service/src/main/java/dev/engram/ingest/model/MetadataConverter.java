package dev.engram.ingest.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stores episode metadata as a JSON object of strings. Values are kept exactly; keys are written
 * sorted so equal maps always produce equal text.
 */
@Converter
public class MetadataConverter implements AttributeConverter<Map<String, String>, String> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> MAP = new TypeReference<>() {};

    @Override
    public String convertToDatabaseColumn(Map<String, String> metadata) {
        try {
            return JSON.writeValueAsString(metadata == null ? Map.of() : new TreeMap<>(metadata));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("metadata cannot be written as JSON", e);
        }
    }

    @Override
    public Map<String, String> convertToEntityAttribute(String json) {
        if (json == null || json.isEmpty()) {
            return Map.of();
        }
        try {
            return JSON.readValue(json, MAP);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored metadata is not a JSON object of strings", e);
        }
    }
}
