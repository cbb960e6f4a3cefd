package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.HealthProbe;
import dev.engram.launcher.ServiceKind;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PostgreSQL is shut down and started again on the same data and port while episodes arrive. Adds
 * fail during the outage and are retried by the clients with the same ids; afterwards every episode
 * the gateway accepted must be stored and indexed once, with no service restarted by hand.
 */
@ExtendWith(RunningPlatform.class)
class PostgresRestartIT {

    private static final LoadPlan PLAN = new LoadPlan("pgrestart", 6, 2, 3000, 50, 3, Duration.ofMillis(250));

    @Test
    void every_accepted_episode_is_stored_and_indexed_once_across_a_database_restart() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Gateway gateway = platform.gateway();
        Map<ServiceKind, Long> processes = processes(platform);
        int total = PLAN.episodes();
        try (EpisodeLoad load = EpisodeLoad.start(gateway, PLAN, Conversations::smallTalk);
                VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            load.releaseUpTo(0.5);
            load.awaitAccepted(total / 3, Duration.ofMinutes(2));

            Instant stopped = Instant.now();
            platform.stopDatabase();
            int faults = 1;
            int failedBefore = load.failedRequests();
            Duration outage;
            try {
                load.releaseUpTo(5.0 / 6);
                load.awaitFailedRequests(failedBefore + 3, Duration.ofMinutes(1));
                awaitReadiness(platform, false, Duration.ofMinutes(1));
            } finally {
                platform.startDatabase();
                outage = Duration.between(stopped, Instant.now());
            }
            Instant restored = Instant.now();
            awaitReadiness(platform, true, Duration.ofMinutes(1));
            load.awaitCompletion(Duration.ofMinutes(3));

            ExactlyOnce.Tally tally = ExactlyOnce.verify(gateway, index, load.acceptedByUser(), Duration.ofMinutes(5));

            long sinceRestored = Duration.between(restored, Instant.now()).toMillis();
            assertThat(tally.accepted()).isEqualTo(total);
            assertThat(processes(platform))
                    .as("every service reconnected by itself, in the process it ran in before")
                    .isEqualTo(processes);
            assertThat(load.failureCauses().keySet())
                    .as("adds refused during the outage are 503s a client retries, never another 5xx")
                    .allMatch(cause -> cause.equals("HTTP-503") || !cause.startsWith("HTTP-5"));
            System.out.println(tally.summary(
                    "PostgresRestartIT",
                    faults,
                    "outage_ms=" + outage.toMillis() + " failed_requests=" + load.failedRequests() + " failure_causes="
                            + load.failureCauseList() + " duplicates_on_retry=" + load.duplicatesOnRetry()
                            + " settled_ms=" + sinceRestored));
        }
    }

    /** Waits until every service that uses the database reports (not) ready: it noticed the outage, or its end. */
    private static void awaitReadiness(RunningPlatform platform, boolean ready, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        for (ServiceKind kind : List.of(ServiceKind.INGEST, ServiceKind.PROFILE)) {
            while (HealthProbe.isReady(platform.url(kind)) != ready) {
                if (Instant.now().isAfter(deadline)) {
                    throw new AssertionError(kind.module() + " did not report " + (ready ? "ready" : "not ready")
                            + " within " + timeout);
                }
                Thread.sleep(100);
            }
        }
    }

    private static Map<ServiceKind, Long> processes(RunningPlatform platform) {
        Map<ServiceKind, Long> pids = new EnumMap<>(ServiceKind.class);
        for (ServiceKind kind : ServiceKind.values()) {
            pids.put(kind, platform.pid(kind));
        }
        return pids;
    }
}
