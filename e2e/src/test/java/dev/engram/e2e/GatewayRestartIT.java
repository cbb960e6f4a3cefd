package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateway is killed (SIGKILL) with requests in flight and started again. A request cut off may
 * or may not have been stored; the clients send it again with the same ids, and in the end every
 * episode the gateway accepted is stored and indexed once.
 */
@ExtendWith(RunningPlatform.class)
class GatewayRestartIT {

    private static final LoadPlan PLAN = new LoadPlan("gwrestart", 6, 2, 3000, 50, 3, Duration.ofMillis(250));

    @Test
    void every_accepted_episode_is_stored_and_indexed_once_across_a_gateway_crash() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Gateway gateway = platform.gateway();
        int total = PLAN.episodes();
        try (EpisodeLoad load = EpisodeLoad.start(gateway, PLAN, Conversations::smallTalk);
                VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            load.releaseUpTo(0.5);
            load.awaitAccepted(total / 3, Duration.ofMinutes(2));

            platform.kill(ServiceKind.GATEWAY);
            int faults = 1;
            int failedBefore = load.failedRequests();
            try {
                load.releaseUpTo(5.0 / 6);
                load.awaitFailedRequests(failedBefore + 3, Duration.ofMinutes(1));
            } finally {
                platform.restart(ServiceKind.GATEWAY);
            }
            Instant restored = Instant.now();
            load.awaitCompletion(Duration.ofMinutes(3));

            ExactlyOnce.Tally tally = ExactlyOnce.verify(gateway, index, load.acceptedByUser(), Duration.ofMinutes(5));

            long sinceRestored = Duration.between(restored, Instant.now()).toMillis();
            assertThat(tally.accepted()).isEqualTo(total);
            System.out.println(tally.summary(
                    "GatewayRestartIT",
                    faults,
                    "failed_requests=" + load.failedRequests() + " failure_causes=" + load.failureCauseList()
                            + " duplicates_on_retry="
                            + load.duplicatesOnRetry() + " settled_ms=" + sinceRestored));
        }
    }
}
