package dev.engram.e2e.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What the gateway answered: status, headers (names in lower case) and body. */
record Answer(int status, Map<String, String> headers, byte[] body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The media type without parameters, in lower case; empty when there is none. */
    String mediaType() {
        return header("content-type")
                .map(type -> type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT))
                .orElse("");
    }

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body as JSON; empty when it is not JSON. */
    Optional<JsonNode> json() {
        try {
            return body.length == 0 ? Optional.empty() : Optional.of(JSON.readTree(body));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    JsonNode jsonOrFail() {
        return json().orElseThrow(() -> new AssertionError("the answer is not JSON: " + describe()));
    }

    String describe() {
        return status + " " + mediaType() + " " + Request.abbreviate(Request.escape(text()), 800);
    }
}
