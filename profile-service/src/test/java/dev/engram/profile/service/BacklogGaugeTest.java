package dev.engram.profile.service;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/** The extraction backlog is visible in Prometheus: it rises with what is observed and falls as it is extracted. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class BacklogGaugeTest {

    private static final String BACKLOG = "engram_profile_backlog ";
    private static final String AGE = "engram_profile_backlog_age_seconds ";

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Test
    void observed_episodes_wait_in_the_backlog_until_they_are_extracted() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Caroline", "I'm a counselor.", "2023-05-08T13:56:00Z"),
                said(user, user + ":2", "Caroline", "I love painting landscapes.", "2023-05-08T13:57:00Z")));

        double waiting = awaitGauge(BACKLOG, value -> value >= 2);
        awaitGauge(AGE, value -> value >= 1);
        Worker.drain(worker);

        assertThat(awaitGauge(BACKLOG, value -> value <= waiting - 2)).isGreaterThanOrEqualTo(0);
    }

    private static double awaitGauge(String series, DoublePredicate done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        double value = Double.NaN;
        while (System.nanoTime() < deadline) {
            value = given().get("/q/metrics")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString()
                    .lines()
                    .filter(line -> line.startsWith(series))
                    // A traced sample may end in an exemplar ("# {trace_id=…} 1.0 <time>"); the value precedes it.
                    .mapToDouble(line ->
                            Double.parseDouble(line.replaceFirst(" # .*", "").substring(series.length())))
                    .findFirst()
                    .orElse(Double.NaN);
            if (done.test(value)) {
                return value;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError(series.trim() + " still " + value + " after 15 s");
    }
}
