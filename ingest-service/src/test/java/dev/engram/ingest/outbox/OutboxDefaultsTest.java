package dev.engram.ingest.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class OutboxDefaultsTest {

    @Inject
    OutboxConfig outbox;

    @Inject
    CallPolicies policies;

    @Test
    void a_default_batch_is_small_enough_to_embed_within_the_deadline_and_the_lease_outlasts_it() {
        assertThat(outbox.batchSize()).isEqualTo(32);
        assertThat(policies.to("vector").deadline("index")).isEqualTo(Duration.ofSeconds(30));
        assertThat(outbox.lease()).isEqualTo(Duration.ofSeconds(90));
    }
}
