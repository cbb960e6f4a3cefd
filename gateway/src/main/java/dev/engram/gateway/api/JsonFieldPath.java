package dev.engram.gateway.api;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Map;

/** Names the field a Jackson binding failure is about, in the API's notation: {@code episodes[3].timestamp}. */
final class JsonFieldPath {

    private JsonFieldPath() {}

    static String of(JsonMappingException failure) {
        StringBuilder path = new StringBuilder();
        for (Reference reference : failure.getPath()) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }

    /** Whether the parser refused a field given twice in one object (see {@code STRICT_DUPLICATE_DETECTION}). */
    static boolean isDuplicate(JsonParseException failure) {
        return failure.getProcessor() instanceof JsonParser
                && failure.getOriginalMessage() != null
                && failure.getOriginalMessage().startsWith("Duplicate field");
    }

    /** The field the parser stood at when it failed: for a duplicate, the field given twice. */
    static String of(JsonParseException failure) {
        Deque<String> steps = new ArrayDeque<>();
        for (JsonStreamContext context = ((JsonParser) failure.getProcessor()).getParsingContext();
                context != null && !context.inRoot();
                context = context.getParent()) {
            if (context.inObject() && context.getCurrentName() != null) {
                steps.push(context.getCurrentName());
            } else if (context.inArray()) {
                steps.push("[" + context.getCurrentIndex() + "]");
            }
        }
        StringBuilder path = new StringBuilder();
        for (String step : steps) {
            if (!path.isEmpty() && !step.startsWith("[")) {
                path.append('.');
            }
            path.append(step);
        }
        return path.isEmpty() ? "body" : path.toString();
    }

    /** What the field should have been, from the Java type it was bound to. */
    static String expectation(JsonMappingException failure) {
        if (failure instanceof UnrecognizedPropertyException) {
            return "is not a known field";
        }
        Class<?> target = failure instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
        if (target == null) {
            return "has the wrong type";
        }
        if (target == String.class) {
            return "must be a string";
        }
        if (target == Integer.class || target == int.class || target == Long.class || target == long.class) {
            return "must be an integer";
        }
        if (target == Double.class || target == double.class || target == Float.class || target == float.class) {
            return "must be a number";
        }
        if (Collection.class.isAssignableFrom(target) || target.isArray()) {
            return "must be an array";
        }
        if (Map.class.isAssignableFrom(target) || target.isRecord()) {
            return "must be an object";
        }
        return "has the wrong type";
    }
}
