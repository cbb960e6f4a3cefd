package dev.engram.ingest.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.model.ListPosition;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ListCursorTest {

    @Test
    void a_cursor_names_the_same_place_after_a_round_trip() {
        ListPosition position =
                new ListPosition("conv-26/session_1:a", Instant.parse("2023-05-08T13:56:00.123456Z"), 42);

        String cursor = ListCursor.encode(position);

        assertThat(cursor).matches("[A-Za-z0-9_-]+");
        assertThat(ListCursor.decode(cursor)).contains(position);
    }

    /** An episode may be dated anywhere in the years 1 to 9999; a page ending on it once failed with a 502. */
    @ParameterizedTest
    @ValueSource(strings = {"0001-01-01T00:00:00Z", "1677-09-21T00:12:43.145224Z", "9999-12-31T23:59:59.999999Z"})
    void a_cursor_after_an_episode_dated_far_from_1970_names_it(String timestamp) {
        ListPosition position = new ListPosition("s1", Instant.parse(timestamp), 7);

        assertThat(ListCursor.decode(ListCursor.encode(position))).contains(position);
    }

    @Test
    void text_that_is_not_a_cursor_of_this_service_is_refused() {
        assertThat(ListCursor.decode("not a cursor!")).isEmpty();
        assertThat(ListCursor.decode("")).isEmpty();
        assertThat(ListCursor.decode(encoded("v1:42:1000"))).as("no session").isEmpty();
        assertThat(ListCursor.decode(encoded("v1:42:1000:")))
                .as("empty session")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v2:42:1000:s1")))
                .as("unknown version")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v1:0:1000:s1")))
                .as("no episode key")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v1:42:" + Long.MAX_VALUE + ":s1")))
                .as("out of time's range")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v1:42:" + Long.MAX_VALUE / 2 + ":s1")))
                .as("beyond the year 9999")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v1:42:1000:s\u00001")))
                .as("not a session id")
                .isEmpty();
        assertThat(ListCursor.decode(encoded("v1:x:1000:s1"))).isEmpty();
    }

    private static String encoded(String plain) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }
}
