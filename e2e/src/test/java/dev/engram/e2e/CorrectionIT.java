package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.sdk.Engram;
import dev.engram.sdk.Model.EpisodeChange;
import dev.engram.sdk.Model.EpisodeInput;
import dev.engram.sdk.Model.ProfileEntry;
import dev.engram.sdk.Model.UpdateResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Correcting an episode through the Java SDK, against the whole platform: every search mode finds what it says now
 * and none what it said before, the profile learns the new text in place of the old, and no table the services own
 * in PostgreSQL still holds the old words.
 */
@ExtendWith(RunningPlatform.class)
class CorrectionIT {

    private static final String USER = "maria";

    @Test
    void a_corrected_episode_is_searched_profiled_and_stored_as_it_reads_now() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Engram engram = platform.client("correction");
        StoreTraces traces = new StoreTraces(platform.database());
        engram.add(
                USER,
                "moving",
                List.of(
                        new EpisodeInput("m1", "Maria", null, "user", "I live in Winnipeg.", null, null),
                        EpisodeInput.of("m2", "assistant", "How do you like the neighbourhood?"),
                        EpisodeInput.of("m3", "Maria", "It is quiet, and the bakery on the corner is lovely."),
                        EpisodeInput.of("m4", "assistant", "Do you walk there often?"),
                        EpisodeInput.of("m5", "Maria", "Every morning before work.")),
                true);
        await("the profile learns the first text", () -> values(engram), values -> values.contains("Winnipeg"));

        UpdateResult corrected = engram.updateEpisode(USER, "m1", EpisodeChange.content("I live in Halifax."), true);

        assertThat(corrected.status()).isEqualTo("updated");
        assertThat(corrected.pending()).as("searchable again when answered").isNull();
        assertThat(engram.episode(USER, "m1").content()).isEqualTo("I live in Halifax.");
        for (String mode : List.of("chain", "graph", "segtree", "reconstruct")) {
            String context = engram.search(Map.of("user_id", USER, "query", "Where does Maria live?", "mode", mode))
                    .context();
            assertThat(context).as(mode).contains("Halifax").doesNotContain("Winnipeg");
        }
        await(
                "the profile learns the corrected text",
                () -> values(engram),
                values -> values.contains("Halifax") && !values.contains("Winnipeg"));
        assertThat(traces.find("Winnipeg"))
                .as("tables still holding the old words")
                .isEmpty();
        assertThat(engram.status(USER).pending()).isZero();
    }

    private static List<String> values(Engram engram) {
        return engram.profile(USER).entries().stream().map(ProfileEntry::value).toList();
    }

    private static <T> void await(String what, java.util.function.Supplier<T> probe, Predicate<T> done)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        T last = probe.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(what + " within 60 s; last: " + last);
            }
            Thread.sleep(250);
            last = probe.get();
        }
    }
}
