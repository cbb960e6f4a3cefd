package dev.engram.bench;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * One LoCoMo session: the turns of one sitting, in order.
 *
 * @param number the session number of {@code session_<n>}
 * @param startedAt the session's date and time
 */
public record Session(String sampleId, int number, OffsetDateTime startedAt, List<Turn> turns) {

    public Session {
        turns = List.copyOf(turns);
    }

    /** The memory session id: {@code <sample_id>/session_<n>}. */
    public String id() {
        return sampleId + "/session_" + number;
    }
}
