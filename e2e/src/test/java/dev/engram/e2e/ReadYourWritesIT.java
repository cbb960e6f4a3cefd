package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An add that asks to wait for indexing is answered once its episodes are searchable: the search right after
 * it finds them, with no polling of the status in between.
 */
@ExtendWith(RunningPlatform.class)
class ReadYourWritesIT {

    @Test
    void a_search_right_after_an_add_that_waited_finds_what_was_added() {
        Gateway gateway = RunningPlatform.get().tenant("ryw").gateway();

        JsonPath added = gateway.add(Map.of(
                "user_id",
                "noor",
                "session_id",
                "chat",
                "wait",
                "indexed",
                "episodes",
                List.of(
                        Map.of("id", "1", "producer", "Noor", "content", "I just adopted a grey cat named Pixel."),
                        Map.of("id", "2", "producer", "assistant", "content", "Pixel is a great name!"))));

        assertThat(added.getList("episodes.status")).containsExactly("created", "created");
        assertThat(added.getList("pending")).isNull();
        assertThat(gateway.status("noor").getLong("pending")).isZero();
        assertThat(gateway.search("noor", "What is the name of Noor's cat?", 3).getString("context"))
                .contains("Pixel");
    }
}
