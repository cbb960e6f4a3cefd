package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A manual profile entry through the gateway, stored by the real profile-service, read back every way. */
@ExtendWith(RunningPlatform.class)
class ProfileMemoryIT {

    private static Gateway gateway;

    @BeforeAll
    static void connect() {
        gateway = RunningPlatform.get().gateway();
    }

    @Test
    void a_manual_entry_is_read_back_searched_dated_and_deleted() {
        String user = "quinn";
        String id = UUID.randomUUID().toString();

        JsonPath created = gateway.putProfileEntry(
                user,
                id,
                Map.of(
                        "subject", "Quinn",
                        "tag", "hobbies and interests",
                        "feature", "instrument",
                        "value", "plays the cello",
                        "valid_from", "2023-06-01T00:00:00Z",
                        "confidence", 0.9),
                201);
        assertThat(created.getString("entry.id")).isEqualTo(id);
        assertThat(created.getString("entry.source")).isEqualTo("manual");
        assertThat(created.getString("entry.category")).isEqualTo("profile");

        JsonPath current = gateway.profile(user, Map.of());
        assertThat(current.getString("user_id")).isEqualTo(user);
        assertThat(current.getList("entries.id", String.class)).containsExactly(id);
        assertThat(current.getMap("entries[0]"))
                .containsEntry("subject", "Quinn")
                .containsEntry("value", "plays the cello")
                .containsEntry("valid_from", "2023-06-01T00:00:00Z")
                .containsEntry("valid_to", null);
        assertThat(gateway.profileHistory(user).getList("entries.value", String.class))
                .containsExactly("plays the cello");
        assertThat(gateway.profile(user, Map.of("at", "2023-05-31")).getList("entries"))
                .isEmpty();
        assertThat(gateway.profile(user, Map.of("at", "2023-06-02")).getList("entries.id", String.class))
                .containsExactly(id);

        JsonPath search = gateway.search(Map.of(
                "user_id",
                user,
                "query",
                "Which instrument does Quinn play?",
                "include",
                List.of("episodic", "profile")));
        assertThat(search.getList("profile.value", String.class)).containsExactly("plays the cello");
        assertThat(search.getMap("$")).doesNotContainKey("warnings");

        assertThat(gateway.deleteProfileEntry(user, id)).isEqualTo(204);
        assertThat(gateway.profile(user, Map.of()).getList("entries")).isEmpty();
        assertThat(gateway.profileHistory(user).getList("entries")).isEmpty();
        assertThat(gateway.deleteProfileEntry(user, id)).isEqualTo(404);
    }
}
