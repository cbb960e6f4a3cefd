package dev.engram.ingest.outbox;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseCheckTest {

    private static final String INDEX_DEADLINE = LeaseCheck.deadlineKey("vector", "index");

    @Test
    void a_lease_longer_than_the_deadline_is_accepted() {
        assertThatCode(() -> LeaseCheck.verify(
                        Duration.ofSeconds(90), Duration.ofSeconds(30), LeaseCheck.OUTBOX_LEASE, INDEX_DEADLINE))
                .doesNotThrowAnyException();
    }

    @Test
    void a_lease_not_longer_than_the_deadline_stops_startup_with_both_settings_named() {
        assertThatThrownBy(() -> LeaseCheck.verify(
                        Duration.ofSeconds(30), Duration.ofSeconds(30), LeaseCheck.OUTBOX_LEASE, INDEX_DEADLINE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.outbox.lease")
                .hasMessageContaining("engram.clients.vector.methods.index.deadline");
        assertThatThrownBy(() -> LeaseCheck.verify(
                        Duration.ofSeconds(10), Duration.ofSeconds(30), LeaseCheck.OUTBOX_LEASE, INDEX_DEADLINE))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void a_deletion_lease_not_longer_than_a_purge_deadline_names_both_settings() {
        assertThatThrownBy(() -> LeaseCheck.verify(
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(5),
                        LeaseCheck.DELETION_LEASE,
                        LeaseCheck.deadlineKey("vector", "delete")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.deletion.lease")
                .hasMessageContaining("engram.clients.vector.methods.delete.deadline");
    }
}
