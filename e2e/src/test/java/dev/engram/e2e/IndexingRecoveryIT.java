package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(RunningPlatform.class)
class IndexingRecoveryIT {

    @Test
    void episodes_added_while_vector_service_is_down_are_indexed_after_it_returns_and_nothing_indexed_is_lost()
            throws InterruptedException {
        RunningPlatform platform = RunningPlatform.get();
        Gateway gateway = platform.gateway();
        gateway.add(Conversations.request(
                "kai", "garden/s9", "kai-s9", Conversations.GARDENING, Instant.parse("2024-01-09T09:00:00Z")));
        gateway.awaitIndexed("kai", Duration.ofSeconds(60));
        platform.kill(ServiceKind.VECTOR);
        try {
            gateway.add(Conversations.request(
                    "ines", "travel/s2", "ines-s2", Conversations.TRAVEL, Instant.parse("2024-01-10T09:00:00Z")));

            assertThat(gateway.status("ines").getLong("stored")).isEqualTo(Conversations.TRAVEL.length);
            assertThat(gateway.status("ines").getLong("pending")).isEqualTo(Conversations.TRAVEL.length);
        } finally {
            platform.restart(ServiceKind.VECTOR);
        }

        gateway.awaitIndexed("ines", Duration.ofSeconds(90));
        assertThat(gateway.status("ines").getLong("indexed")).isEqualTo(Conversations.TRAVEL.length);
        assertThat(Gateway.episodeIds(gateway.search("ines", "What is the parrot called?", 1)))
                .contains("ines-s2:4");
        assertThat(Gateway.episodeIds(gateway.search("kai", "Which carrots did the grandmother recommend?", 3)))
                .as("what was indexed before the crash is still in the index after the restart")
                .contains("kai-s9:3");
    }
}
