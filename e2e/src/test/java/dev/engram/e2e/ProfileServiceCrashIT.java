package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * profile-service is killed (SIGKILL) while ingest-service's outbox feeds it a steady stream of
 * self-disclosures, episodes keep arriving while it is down, and it is started again: every
 * disclosure must end up as evidence of the speaker's profile exactly once, and the search index
 * must not be held back by the profile's outage.
 */
@ExtendWith(RunningPlatform.class)
class ProfileServiceCrashIT {

    private static final LoadPlan PLAN = new LoadPlan("pcrash", 6, 2, 3000, 50, 3, Duration.ofMillis(300));
    private static final String[] SPEAKERS = {"Maya", "Omar", "Lena", "Ravi", "Tess", "Jonah"};
    private static final String[] DISCLOSURES = {
        "I love hiking in the hills.", "I work as a nurse.", "I live in Denver."
    };
    private static final String[] REPLIES = {"That sounds wonderful.", "Tell me more about it."};
    // profile-service extracts a user's waiting episodes once this many wait (engram.profile.batch-size).
    private static final int PROFILE_BATCH = 5;
    // ingest-service recounts its outbox gauges this often (engram.outbox.gauge-interval), plus a margin.
    private static final Duration GAUGE_AGE = Duration.ofSeconds(6);
    // No extraction for this long after one: the round is over, and the next is seconds away.
    private static final Duration QUIET = Duration.ofMillis(700);
    // A batch claimed when the service died is redone once its lease (engram.profile.lease) has run out.
    private static final Duration PROFILE_LEASE = Duration.ofMinutes(5);

    /** Even turns are the speaker's disclosures, odd ones a friend's replies that disclose nothing. */
    private static LoadPlan.Turn turn(int user, int index) {
        return index % 2 == 0
                ? new LoadPlan.Turn(SPEAKERS[user], DISCLOSURES[(index / 2) % DISCLOSURES.length])
                : new LoadPlan.Turn("Sam", REPLIES[(index / 2) % REPLIES.length]);
    }

    @Test
    void every_disclosure_reaches_the_profile_once_across_a_profile_service_crash() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Gateway gateway = platform.gateway();
        String ingest = platform.url(ServiceKind.INGEST);
        String profile = platform.url(ServiceKind.PROFILE);
        int total = PLAN.episodes();
        try (EpisodeLoad load = EpisodeLoad.start(gateway, PLAN, ProfileServiceCrashIT::turn);
                VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            load.releaseUpTo(5.0 / 6);
            load.awaitAccepted(total / 10, Duration.ofMinutes(2));
            awaitBetweenExtractionRounds(profile, Duration.ofSeconds(30));

            platform.kill(ServiceKind.PROFILE);
            int faults = 1;
            int atCrash = load.accepted();
            int atRestart;
            try {
                load.awaitAccepted(total * 5 / 6, Duration.ofMinutes(2));
            } finally {
                atRestart = load.accepted();
                platform.restart(ServiceKind.PROFILE);
            }
            Instant restored = Instant.now();
            load.awaitCompletion(Duration.ofMinutes(3));
            Instant loadDone = Instant.now();

            Set<String> disclosures = disclosures(load.acceptedIds());
            List<String> disclosedWhileDown = List.copyOf(disclosures(load.acceptedBetween(atCrash, atRestart)));
            await(
                    "profile-service to have taken every queued episode",
                    () -> outboxGauge(ingest, "engram_outbox_pending", "profile"),
                    loadDone.plus(GAUGE_AGE),
                    Duration.ofMinutes(3));
            // The last few episodes of a user wait for company (or for engram.profile.max-wait, 5 min):
            // replies that disclose nothing make every user's batch due.
            for (String user : load.users()) {
                List<LoadPlan.Turn> replies = new ArrayList<>();
                for (int i = 0; i < PROFILE_BATCH; i++) {
                    replies.add(new LoadPlan.Turn("Sam", REPLIES[i % REPLIES.length]));
                }
                load.send(LoadPlan.extraBatch(user, user + "-closing", replies));
            }

            List<String> evidence = awaitEvidence(gateway, load.users(), disclosures, PROFILE_LEASE.plusMinutes(1));
            ExactlyOnce.Tally tally = ExactlyOnce.verify(gateway, index, load.acceptedByUser(), Duration.ofMinutes(5));

            long sinceRestored = Duration.between(restored, Instant.now()).toMillis();
            Set<String> missing = new HashSet<>(disclosures);
            missing.removeAll(evidence);
            Set<String> unexpected = new HashSet<>(evidence);
            unexpected.removeAll(disclosures);
            assertThat(missing).as("disclosures missing from the profiles").isEmpty();
            assertThat(unexpected).as("evidence that is no disclosure").isEmpty();
            assertThat(evidence).as("evidence ids over every profile history").doesNotHaveDuplicates();
            assertThat(disclosedWhileDown)
                    .as("disclosures accepted while profile-service was down")
                    .isNotEmpty();
            assertThat(new HashSet<>(evidence))
                    .as("evidence of the disclosures accepted while profile-service was down")
                    .containsAll(disclosedWhileDown);
            assertThat(atCrash).as("the crash came while the load ran").isLessThan(total * 5 / 6);
            assertThat(outboxGauge(ingest, "engram_outbox_parked", "profile")).isZero();
            assertThat(tally.accepted()).isEqualTo(total + (long) PROFILE_BATCH * PLAN.users());
            System.out.println(tally.summary(
                    "ProfileServiceCrashIT",
                    faults,
                    "profile_evidence=" + evidence.size() + " disclosures=" + disclosures.size()
                            + " accepted_while_down=" + (atRestart - atCrash) + " disclosed_while_down="
                            + disclosedWhileDown.size() + " failed_requests=" + load.failedRequests() + " settled_ms="
                            + sinceRestored));
        }
    }

    /**
     * Waits for the pause after one of profile-service's extraction rounds. A batch claimed when the
     * service dies is redone only once its lease has run out (5 min); killing it between rounds
     * keeps the test within minutes, while ingest-service's deliveries, which this test is about,
     * go on all the time.
     */
    private static void awaitBetweenExtractionRounds(String profile, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        double seen = extracted(profile);
        Instant changedAt = null;
        while (changedAt == null || Duration.between(changedAt, Instant.now()).compareTo(QUIET) < 0) {
            double now = extracted(profile);
            if (now != seen) {
                seen = now;
                changedAt = Instant.now();
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("profile-service did not finish an extraction round within " + timeout);
            }
            Thread.sleep(20);
        }
    }

    private static double extracted(String profile) {
        return Metrics.read(profile, "engram_profile_extracted_episodes_total", "")
                .orElse(0);
    }

    private static double outboxGauge(String ingest, String name, String target) {
        return Metrics.read(ingest, name, "target=\"" + target + "\"")
                .orElseThrow(() -> new AssertionError(name + " is not reported"));
    }

    /** Waits until {@code value} reads 0 at or after {@code notBefore}. */
    private static void await(String what, DoubleSupplier value, Instant notBefore, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(notBefore) || value.getAsDouble() != 0) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + timeout + " for " + what);
            }
            Thread.sleep(200);
        }
    }

    /** Every evidence id of every history entry of the users, once all the disclosures are there. */
    private static List<String> awaitEvidence(
            Gateway gateway, List<String> users, Set<String> disclosures, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            List<String> evidence = new ArrayList<>();
            for (String user : users) {
                evidence.addAll(gateway.profileHistory(user).getList("entries.evidence.flatten()", String.class));
            }
            if (new HashSet<>(evidence).containsAll(disclosures)
                    || Instant.now().isAfter(deadline)) {
                return evidence;
            }
            Thread.sleep(500);
        }
    }

    /** The disclosures among episode ids: their turn number, after the last colon, is even. */
    private static Set<String> disclosures(List<String> ids) {
        Set<String> disclosures = new HashSet<>();
        for (String id : ids) {
            if (Integer.parseInt(id.substring(id.lastIndexOf(':') + 1)) % 2 == 0) {
                disclosures.add(id);
            }
        }
        return disclosures;
    }
}
