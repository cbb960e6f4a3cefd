package dev.engram.ingest.outbox;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ProfileServiceDouble;
import dev.engram.ingest.testing.ProfileServiceDoubleResource;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** New episodes reach profile-service's Observe through the outbox, beside vector-service. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
@WithTestResource(ProfileServiceDoubleResource.class)
class ProfileDeliveryTest {

    private static final Duration DELIVERY = Duration.ofSeconds(20);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    ProfileServiceDouble profile;

    VectorServiceDouble vector;

    @AfterEach
    void profileUpAgain() {
        profile.setUnavailable(false);
    }

    @Test
    void a_new_episode_is_delivered_to_profile_service_intact() {
        Scope session = scope(newProject(), "caroline", "conv-26/session_1");
        ingest.addEpisodes(add(session, episode("profile-1", "I'm a counselor.")));

        List<Episode> delivered = Eventually.await(DELIVERY, () -> profile.observed("profile-1"), l -> !l.isEmpty());

        Episode episode = delivered.get(0);
        assertThat(episode.getContent()).isEqualTo("I'm a counselor.");
        assertThat(episode.getScope().getUserId()).isEqualTo("caroline");
        assertThat(episode.getScope().getSessionId()).isEqualTo("conv-26/session_1");
    }

    @Test
    void a_profile_service_outage_delays_delivery_without_holding_back_indexing() {
        profile.setUnavailable(true);
        String project = newProject();
        Scope session = scope(project, "melanie", "s1");
        ingest.addEpisodes(add(session, episode("profile-2", "I love pottery.")));

        Eventually.await(DELIVERY, () -> ingest.getStatus(status(project, "melanie")), s -> s.getPending() == 0);
        assertThat(profile.observed("profile-2")).isEmpty();

        profile.setUnavailable(false);
        Eventually.await(DELIVERY, () -> profile.observed("profile-2"), l -> !l.isEmpty());
    }
}
