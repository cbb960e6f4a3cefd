package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.VectorCountResponse;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * What every fault test proves once its load is over: each episode the gateway accepted is stored,
 * ingest-service counts it indexed, and vector-service's index holds it exactly once (one turn unit
 * per episode; a second delivery that was indexed again would show as a second turn unit).
 */
final class ExactlyOnce {

    /** Sums over the users of a load. */
    record Tally(long accepted, long stored, long indexed, long turnUnits) {

        /** One line for the release note: {@code Test: faults=1 accepted=… stored=… indexed=… turn_units=… …}. */
        String summary(String test, int faults, String details) {
            return test + ": faults=" + faults + " accepted=" + accepted + " stored=" + stored + " indexed=" + indexed
                    + " turn_units=" + turnUnits + (details.isEmpty() ? "" : " " + details);
        }
    }

    private ExactlyOnce() {}

    /** Waits until nothing is pending for any user, then checks every user's counts. */
    static Tally verify(Gateway gateway, VectorIndex index, Map<String, Integer> acceptedByUser, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        for (String user : acceptedByUser.keySet()) {
            Duration left = Duration.between(Instant.now(), deadline);
            gateway.awaitIndexed(user, left.isNegative() ? Duration.ZERO : left);
        }
        long accepted = 0;
        long stored = 0;
        long indexed = 0;
        long turnUnits = 0;
        for (Map.Entry<String, Integer> user : acceptedByUser.entrySet()) {
            String id = user.getKey();
            long expected = user.getValue();
            JsonPath status = gateway.status(id);
            VectorCountResponse count = index.count(id);
            assertThat(status.getLong("stored")).as("%s: stored", id).isEqualTo(expected);
            assertThat(status.getLong("indexed"))
                    .as("%s: indexed by ingest's count", id)
                    .isEqualTo(expected);
            assertThat(status.getLong("pending")).as("%s: pending", id).isZero();
            assertThat(count.getEpisodes()).as("%s: episodes in the index", id).isEqualTo(expected);
            assertThat(count.getTurnUnits())
                    .as("%s: turn units in the index", id)
                    .isEqualTo(expected);
            accepted += expected;
            stored += status.getLong("stored");
            indexed += count.getEpisodes();
            turnUnits += count.getTurnUnits();
        }
        return new Tally(accepted, stored, indexed, turnUnits);
    }
}
