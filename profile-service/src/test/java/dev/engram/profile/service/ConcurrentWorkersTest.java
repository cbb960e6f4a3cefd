package dev.engram.profile.service;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.engram.profile.extraction.RuleExtractor;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.ProfileSource;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** Several workers on one queue, and workers that die or stall mid-batch. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ConcurrentWorkersTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Inject
    ExtractionQueue queue;

    @Inject
    ProfileWriter writer;

    @Inject
    RuleExtractor rules;

    @Test
    void concurrent_workers_share_the_queue_without_extracting_anything_twice() throws Throwable {
        Worker.drain(worker);
        List<String> users = new ArrayList<>();
        for (int u = 0; u < 6; u++) {
            String user = newUser();
            users.add(user);
            for (int i = 0; i < 4; i++) {
                profile.observe(observe(said(
                        user,
                        user + ":" + i,
                        "Sam",
                        "I love "
                                + List.of("hiking", "rowing", "baking", "knitting")
                                        .get(i) + ".",
                        "2023-01-1" + i + "T09:00:00Z")));
            }
        }

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Integer>> runs = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                runs.add(CompletableFuture.supplyAsync(() -> Worker.drain(worker), pool));
            }
            CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).join();
        } finally {
            pool.shutdownNow();
        }

        for (String user : users) {
            assertThat(current(user))
                    .extracting(ProfileEntry::getValue)
                    .containsExactlyInAnyOrder("hiking", "rowing", "baking", "knitting");
            assertThat(current(user))
                    .allSatisfy(e -> assertThat(e.getEvidenceCount()).isEqualTo(1));
            assertThat(VertxContextSupport.subscribeAndAwait(() -> queue.countWaiting("default", user)))
                    .isZero();
        }
    }

    @Test
    void a_batch_whose_worker_died_is_redone_once_and_the_late_worker_writes_nothing() throws Throwable {
        Worker.drain(worker);
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Ana", "I'm a teacher.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Ana", "My brother Luis lives nearby.", "2023-01-10T09:01:00Z")));

        ClaimedBatch stalled = claim().orElseThrow();
        assertThat(stalled.episodeIds()).containsExactly(user + ":1", user + ":2");
        assertThat(claim()).as("a leased batch is not claimed again").isEmpty();

        Thread.sleep(2_500); // the lease (2 s in tests) runs out: the worker is taken for dead
        assertThat(Worker.drain(worker)).isEqualTo(1);
        Throwable late = catchThrowable(() -> VertxContextSupport.subscribeAndAwait(
                () -> writer.write(stalled, rules.extract(stalled.episodes()), ProfileSource.RULES)));

        assertThat(late).isInstanceOf(LeaseLostException.class);
        assertThat(current(user))
                .extracting(e -> e.getFeature() + " = " + e.getValue())
                .containsExactlyInAnyOrder("occupation = teacher", "brother = Luis");
    }

    private Optional<ClaimedBatch> claim() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(queue::claim);
    }

    private List<ProfileEntry> current(String user) {
        return profile.getProfile(
                        GetProfileRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }
}
