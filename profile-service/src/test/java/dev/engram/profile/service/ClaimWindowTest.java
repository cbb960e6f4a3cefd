package dev.engram.profile.service;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A claim looks for a due user among the oldest waiting episodes only, and still takes that user's whole batch. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@TestProfile(ClaimWindowTest.TwoInView.class)
class ClaimWindowTest {

    public static final class TwoInView implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("engram.profile.claim-window", "2");
        }
    }

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Inject
    ExtractionQueue queue;

    @Test
    void the_user_of_the_oldest_waiting_episodes_is_claimed_first_with_all_its_waiting_episodes() throws Throwable {
        Worker.drain(worker);
        String first = newUser();
        String second = newUser();
        for (String user : new String[] {first, second}) {
            for (int i = 1; i <= 4; i++) {
                profile.observe(observe(said(
                        user,
                        user + ":" + i,
                        "Ana",
                        "I love hiking number " + i + ".",
                        "2023-01-10T09:0" + i + ":00Z")));
            }
        }

        ClaimedBatch claimed =
                VertxContextSupport.subscribeAndAwait(queue::claim).orElseThrow();
        assertThat(claimed.episodeIds()).containsExactly(first + ":1", first + ":2", first + ":3", first + ":4");
        ClaimedBatch next = VertxContextSupport.subscribeAndAwait(queue::claim).orElseThrow();
        assertThat(next.episodeIds()).allSatisfy(id -> assertThat(id).startsWith(second + ":"));
        assertThat(next.episodeIds()).hasSize(4);
    }
}
