package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/** One answer of {@code GET /v1/memories/status}: a user's episodes stored, searchable, and not yet searchable. */
public record UserStatus(long stored, long indexed, long pending) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The status in an answer's body; empty when the body is not one. */
    public static Optional<UserStatus> parse(String body) {
        try {
            JsonNode status = JSON.readTree(body);
            if (!status.path("stored").isIntegralNumber()
                    || !status.path("pending").isIntegralNumber()) {
                return Optional.empty();
            }
            return Optional.of(new UserStatus(
                    status.path("stored").asLong(),
                    status.path("indexed").asLong(),
                    status.path("pending").asLong()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
