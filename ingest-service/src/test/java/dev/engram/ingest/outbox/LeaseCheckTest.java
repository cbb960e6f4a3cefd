package dev.engram.ingest.outbox;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseCheckTest {

    @Test
    void a_lease_longer_than_the_deadline_is_accepted() {
        assertThatCode(() -> LeaseCheck.verify(Duration.ofSeconds(90), Duration.ofSeconds(30)))
                .doesNotThrowAnyException();
    }

    @Test
    void a_lease_not_longer_than_the_deadline_stops_startup_with_both_settings_named() {
        assertThatThrownBy(() -> LeaseCheck.verify(Duration.ofSeconds(30), Duration.ofSeconds(30)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.outbox.lease")
                .hasMessageContaining("engram.vector.deadline");
        assertThatThrownBy(() -> LeaseCheck.verify(Duration.ofSeconds(10), Duration.ofSeconds(30)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void a_deletion_lease_not_longer_than_a_purge_deadline_names_both_settings() {
        assertThatThrownBy(() -> LeaseCheck.verify(
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(5),
                        "engram.deletion.lease",
                        "engram.vector.purge-deadline"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.deletion.lease")
                .hasMessageContaining("engram.vector.purge-deadline");
    }
}
