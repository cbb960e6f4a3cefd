package dev.engram.bench;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * One session: the turns of one sitting, in order.
 *
 * @param number LoCoMo's {@code session_<n>}, or a LongMemEval session's place in date order (from 1)
 * @param id the memory session id sent to the platform
 * @param startedAt the session's date and time
 */
public record Session(String sampleId, int number, String id, OffsetDateTime startedAt, List<Turn> turns) {

    public Session {
        turns = List.copyOf(turns);
    }

    /** A LoCoMo session, whose memory session id is {@code <sample_id>/session_<n>}. */
    public Session(String sampleId, int number, OffsetDateTime startedAt, List<Turn> turns) {
        this(sampleId, number, sampleId + "/session_" + number, startedAt, turns);
    }
}
