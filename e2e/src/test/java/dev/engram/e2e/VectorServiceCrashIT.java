package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * vector-service is killed (SIGKILL) while it indexes a steady stream of episodes, episodes keep
 * arriving while it is down, and it is started again: the outbox must deliver every accepted
 * episode, and no episode may end up in the index twice.
 */
@ExtendWith(RunningPlatform.class)
class VectorServiceCrashIT {

    private static final LoadPlan PLAN = new LoadPlan("vcrash", 6, 2, 3000, 50, 3, Duration.ofMillis(250));

    @Test
    void every_accepted_episode_is_indexed_exactly_once_across_a_vector_service_crash() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Gateway gateway = platform.gateway();
        int total = PLAN.episodes();
        try (EpisodeLoad load = EpisodeLoad.start(gateway, PLAN, Conversations::smallTalk);
                VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            load.releaseUpTo(0.5);
            load.awaitAccepted(total / 3, Duration.ofMinutes(2));

            platform.kill(ServiceKind.VECTOR);
            int faults = 1;
            int atCrash = load.accepted();
            long indexedAtCrash = indexedByIngest(gateway, load);
            int atRestart;
            try {
                load.releaseUpTo(5.0 / 6);
                load.awaitAccepted(total * 5 / 6, Duration.ofMinutes(2));
            } finally {
                atRestart = load.accepted();
                platform.restart(ServiceKind.VECTOR);
            }
            Instant restored = Instant.now();
            load.awaitCompletion(Duration.ofMinutes(3));

            ExactlyOnce.Tally tally = ExactlyOnce.verify(gateway, index, load.acceptedByUser(), Duration.ofMinutes(5));

            long sinceRestored = Duration.between(restored, Instant.now()).toMillis();
            assertThat(tally.accepted()).isEqualTo(total);
            assertThat(indexedAtCrash)
                    .as("the crash came while accepted episodes were still being indexed")
                    .isLessThan(atCrash);
            assertThat(atRestart - atCrash)
                    .as("episodes accepted while vector-service was down")
                    .isPositive();
            System.out.println(tally.summary(
                    "VectorServiceCrashIT",
                    faults,
                    "indexed_at_crash=" + indexedAtCrash + " accepted_while_down=" + (atRestart - atCrash)
                            + " failed_requests=" + load.failedRequests() + " settled_ms=" + sinceRestored));
        }
    }

    /** What ingest-service had seen confirmed by the index when it died. */
    private static long indexedByIngest(Gateway gateway, EpisodeLoad load) {
        return load.users().stream()
                .mapToLong(user -> gateway.status(user).getLong("indexed"))
                .sum();
    }
}
