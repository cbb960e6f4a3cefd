package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.grpc.call.Backoff;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.proto.v1.MutinyVectorServiceGrpc;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.vector.scheduling.SearchesInFlight;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Searches whose callers give up mid-way, a few milliseconds in, while the service is embedding their query, as an
 * overloaded platform's are. The calls that are still waited for, on the same connection, must all be answered: a
 * caller that reset such a stream would have the server's late answer close the connection under all of them.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class AbandonedCallsTest {

    private static final Duration RUN = Duration.ofSeconds(5);
    private static final Backoff NO_BACKOFF = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1));

    @TestHTTPResource("/")
    URL server;

    @Inject
    SearchesInFlight searches;

    @Test
    void calls_given_up_mid_way_leave_the_others_on_their_connection_answered() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
        ExecutorService callers = Executors.newFixedThreadPool(10);
        try {
            MutinyVectorServiceGrpc.MutinyVectorServiceStub stub = MutinyVectorServiceGrpc.newMutinyStub(channel);
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            Queue<Status> patientFailures = new ConcurrentLinkedQueue<>();
            AtomicInteger patientAnswers = new AtomicInteger();
            AtomicInteger givenUp = new AtomicInteger();
            long end = System.nanoTime() + RUN.toNanos();
            List<Future<?>> running = new ArrayList<>();
            for (int caller = 0; caller < 10; caller++) {
                boolean patient = caller < 2;
                running.add(callers.submit(() -> {
                    while (System.nanoTime() < end) {
                        Duration deadline = patient
                                ? Duration.ofSeconds(30)
                                : Duration.ofMillis(
                                        1 + ThreadLocalRandom.current().nextInt(15));
                        CallPolicy policy = CallPolicy.of("vector", deadline, 0, NO_BACKOFF, registry);
                        try {
                            policy.callOnce("Search", stub, vector -> vector.search(search()))
                                    .await()
                                    .indefinitely();
                            if (patient) {
                                patientAnswers.incrementAndGet();
                            }
                        } catch (RuntimeException e) {
                            if (patient) {
                                patientFailures.add(Status.fromThrowable(e));
                            } else {
                                givenUp.incrementAndGet();
                            }
                        }
                    }
                }));
            }
            for (Future<?> caller : running) {
                caller.get();
            }

            assertThat(givenUp).as("calls given up mid-way").hasValueGreaterThan(100);
            assertThat(patientFailures).isEmpty();
            assertThat(patientAnswers).hasPositiveValue();
            // Every call given up still ends at the service, answered or shed, and leaves the count of searches.
            long drained = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (searches.running() > 0 && System.nanoTime() < drained) {
                Thread.sleep(20);
            }
            assertThat(searches.running()).isZero();
        } finally {
            callers.shutdownNow();
            channel.shutdownNow();
        }
    }

    private static VectorSearchRequest search() {
        return VectorSearchRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("abandoned").setUserId("u"))
                .setQuery("what did Caroline paint last summer "
                        + ThreadLocalRandom.current().nextInt(1000))
                .setLimit(50)
                .build();
    }
}
